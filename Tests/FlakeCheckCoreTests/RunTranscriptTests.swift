import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

@Suite struct RunTranscriptTests {
    static let same = TestReference(framework: .swiftTesting, name: "same()", isQualified: false)

    /// Repeated console names are matched first in, first out, and an issue after a test ended goes to
    /// the newest test of that name.
    @Test func repeatedNamesAreMatchedInOrder() {
        var transcript = RunTranscript()
        transcript.record(.started(Self.same))
        transcript.record(.started(Self.same))
        transcript.record(.finished(Self.same, .passed, duration: 1))
        transcript.record(.finished(Self.same, .failed, duration: 2))
        transcript.record(.issue(Self.same, FailureRecord(message: "late", location: nil)))
        #expect(transcript.entries.map(\.occurrence) == [1, 2])
        #expect(transcript.entries.map(\.status) == [.passed, .failed])
        #expect(transcript.entries.map(\.duration) == [1, 2])
        #expect(transcript.entries.map(\.failures.count) == [0, 1])
    }

    /// Past the byte budget, events are counted and dropped: memory stays bounded, and a test whose start
    /// was dropped gets no result rather than a pass. Each entry costs 256 bytes plus its name here.
    @Test func fullTranscriptDropsEventsInsteadOfGrowing() {
        var transcript = RunTranscript(maximumBytes: 3 * (256 + 7))
        for index in 1...5 {
            transcript.record(.started(TestReference(framework: .xctest, name: "A/test\(index)", isQualified: false)))
        }
        transcript.record(
            .finished(TestReference(framework: .xctest, name: "A/test5", isQualified: false), .passed, duration: nil))
        transcript.record(
            .finished(TestReference(framework: .xctest, name: "A/test1", isQualified: false), .passed, duration: nil))
        #expect(transcript.entries.map(\.reference.name) == ["A/test1", "A/test2", "A/test3"])
        #expect(transcript.entries.map(\.status) == [.passed, nil, nil])
        // Two starts dropped; test5's end is then an end without a start, which counts for nothing.
        #expect(transcript.droppedEvents == 2)
        #expect(transcript.ignoredEnds == 1)
        #expect(!transcript.entries.contains { $0.reference.name == "A/test5" })
    }

    /// Failures count against the same budget: a child repeating one failure line forever stops growing.
    @Test func endlessFailuresStopAtTheBudget() {
        var transcript = RunTranscript(maximumBytes: 10_000)
        let reference = TestReference(framework: .xctest, name: "A/testB", isQualified: false)
        transcript.record(.started(reference))
        for _ in 0..<1_000 {
            transcript.record(
                .issue(reference, FailureRecord(message: String(repeating: "x", count: 100), location: "F.swift:1")))
        }
        let kept = transcript.entries.first?.failures.count ?? 0
        #expect(kept > 10 && kept < 100)
        #expect(transcript.droppedEvents == 1_000 - kept)
    }
}
