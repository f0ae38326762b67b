import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// What a run's numbers keep when a line comes early, failures differ only in their random parts, or
/// the disk fills up: no phantom start, one group per failure shape, and no trap.
@Suite struct RunAccountingTests {
    static let other = TestReference(framework: .xctest, name: "C/testOther", isQualified: false)

    /// A failure line for a test that has not started used to create a phantom start: the real finish
    /// popped the phantom and the real start looked unfinished (a crash, after a normal exit).
    @Test func failureBeforeItsTestStartsCreatesNoPhantomStart() {
        var transcript = RunTranscript()
        transcript.record(.issue(Self.other, FailureRecord(message: "late report from a background thread")))
        transcript.record(.started(Self.other))
        transcript.record(.finished(Self.other, .failed, duration: 0.1))
        #expect(transcript.entries.count == 1)
        #expect(transcript.entries.allSatisfy { $0.status != nil })
        #expect(transcript.entries.first?.failures.map(\.message) == ["late report from a background thread"])
    }

    @Test func failureShapesIgnoreNumbersAddressesAndUUIDs() {
        #expect(
            FailureShape.key(of: "timed out after 1043 ms on port 54123")
                == FailureShape.key(of: "timed out after 998.5 ms on port 61002"))
        #expect(FailureShape.key(of: "object 0x7f3a2c001230 leaked") == "object 0x<address> leaked")
        #expect(FailureShape.key(of: "key 3F2504E0-4F89-11D3-9A0C-0305E82C3301 missing") == "key <uuid> missing")
        #expect(FailureShape.key(of: "expected true") != FailureShape.key(of: "expected false"))
    }

    /// Reproduced on FlyingFox: a message with a random key gave five entries of count 1 for 20 failures,
    /// and the other 15 were silently dropped.
    @Test func failuresWithRandomPartsGroupAndTheRestIsAccountedFor() {
        var tally = TestTally(identity: TestIdentity(canonicalID: "M.C/testX", framework: .xctest))
        for run in 0..<20 {
            let key = UUID().uuidString
            tally.record(
                TestResult(outcome: .failed, failures: [FailureRecord(message: "no value for \(key)")]), runIndex: run)
        }
        for run in 20..<27 {
            tally.record(
                TestResult(
                    outcome: .failed,
                    failures: [FailureRecord(message: "distinct failure \(Character(UnicodeScalar(65 + run - 20)!))")]),
                runIndex: run)
        }
        let summary = TestSummary(tally: tally, confidence: 0.95)
        #expect(summary.failures.first?.count == 20)
        #expect(summary.failures.first?.message.hasPrefix("no value for ") == true)
        #expect(summary.failures.count == TestSummary.keptFailureMessages)
        let kept = summary.failures.reduce(0) { $0 + $1.count }
        #expect(kept + (summary.otherFailures?.count ?? 0) == 27)
        #expect(summary.otherFailures?.messages == 3)
    }

    /// A full disk made `FileHandle.write` trap, taking every finished run's numbers with it. Linux has
    /// `/dev/full` (every write fails with ENOSPC); macOS has no such device, so the test is not there.
    #if os(Linux)
        @Test func logOnAFullDiskStopsWritingInsteadOfTrapping() throws {
            try #require(FileManager.default.fileExists(atPath: "/dev/full"), "Linux always has /dev/full")
            let log = RunLog(path: "/dev/full")
            let bytes = [UInt8](repeating: 0x41, count: 1 << 16)
            bytes.withUnsafeBytes { log.write($0) }
            log.note("after the failure")
            #expect(log.writeError != nil)
            #expect(FileManager.default.fileExists(atPath: "/dev/full"))
        }
    #endif
}
