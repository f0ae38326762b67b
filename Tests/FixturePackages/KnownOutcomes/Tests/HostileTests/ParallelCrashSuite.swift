import Foundation
import KnownOutcomes
import Testing

@Suite struct ParallelCrashSuite {
    // A crash that only happens while another test runs in the same process, as FlyingFox's
    // FoundationNetworking crash does: `crashesBesideAPartner` dies on every 3rd run in which it saw its
    // partner running (an atomically claimed count), and never when run alone. flakecheck must neither
    // lose that crash (re-running each candidate alone finds nobody) nor blame only one of them.
    static let partnerRunning = PartnerFlag()

    static let crasherChecked = PartnerFlag()

    // Whether the partner shares the process is read from the process's own selection (its arguments),
    // never from how long a wait took: on a loaded machine a partner can start seconds late, and a test
    // that then thought itself alone made this fixture's counts drift.
    @Test func partnerHoldsTheProcess() async throws {
        Self.partnerRunning.set()
        // Beside the crasher, stay in flight until it has claimed its run, so both are running at a crash.
        if PartnerFlag.selected("crashesBesideAPartner") { try await Self.crasherChecked.wait(seconds: 60) }
    }

    @Test func crashesBesideAPartner() async throws {
        defer { Self.crasherChecked.set() }
        guard PartnerFlag.selected("partnerHoldsTheProcess") else { return }  // alone: nothing to race with
        try await Self.partnerRunning.wait(seconds: 60)
        guard Self.partnerRunning.isSet else { return }
        if RunCounter.claim("parallel-crash") % 3 == 0 { fatalError("deliberate crash beside a partner") }
    }
}

final class PartnerFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }

    /// Waits until the flag is set, at most `seconds`: a generous bound, never a measure of anything.
    func wait(seconds: Int) async throws {
        for _ in 0..<(seconds * 100) where !isSet { try await Task.sleep(for: .milliseconds(10)) }
    }

    /// Whether this process was asked to run the test named `name` (its `--filter` arguments name it).
    static func selected(_ name: String) -> Bool { CommandLine.arguments.contains { $0.contains(name) } }
}
