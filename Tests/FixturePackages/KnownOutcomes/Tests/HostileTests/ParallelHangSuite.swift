import Foundation
import KnownOutcomes
import Testing

@Suite struct ParallelHangSuite {
    // A deadlock between two tests of one process, as swift-subprocess's fork-then-setgid hang: on every
    // 3rd run in which both tests met (an atomically claimed count) `hangsBesideAPartner` never returns,
    // and its partner waits for it, so both are in flight when flakecheck kills the process at --timeout.
    // Alone, neither waits for anything. flakecheck must re-run both alone under the same timeout and, as
    // neither hangs alone, count each as timed out in that run.
    static let partnerRunning = PartnerFlag()
    static let hangerStarted = PartnerFlag()
    static let hangerDone = PartnerFlag()

    // Whether the other test shares the process is read from the process's selection, not from a wait
    // (see ParallelCrashSuite).
    @Test func partnerWaitsForTheOther() async throws {
        Self.partnerRunning.set()
        guard PartnerFlag.selected("hangsBesideAPartner") else { return }
        try await Self.hangerStarted.wait(seconds: 60)
        while !Self.hangerDone.isSet { try await Task.sleep(for: .milliseconds(10)) }
    }

    @Test func hangsBesideAPartner() async throws {
        Self.hangerStarted.set()
        defer { Self.hangerDone.set() }
        guard PartnerFlag.selected("partnerWaitsForTheOther") else { return }
        try await Self.partnerRunning.wait(seconds: 60)
        guard Self.partnerRunning.isSet else { return }
        if RunCounter.claim("parallel-hang") % 3 == 0 { sleep(600) }
    }
}
