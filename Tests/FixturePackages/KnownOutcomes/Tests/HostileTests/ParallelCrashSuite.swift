import Foundation
import KnownOutcomes
import Testing

@Suite struct ParallelCrashSuite {
    // A crash that only happens while another test runs in the same process, as FlyingFox's
    // FoundationNetworking crash does: `crashesBesideAPartner` dies on every 3rd run in which it saw its
    // partner running (an atomically claimed count), and never when run alone. flakecheck must neither
    // lose that crash (re-running each candidate alone finds nobody) nor blame only one of them.
    static let partnerRunning = PartnerFlag()

    @Test func partnerHoldsTheProcess() async throws {
        Self.partnerRunning.set()
        try await Task.sleep(for: .milliseconds(600))
    }

    @Test func crashesBesideAPartner() async throws {
        for _ in 0..<150 where !Self.partnerRunning.isSet {
            try await Task.sleep(for: .milliseconds(10))
        }
        guard Self.partnerRunning.isSet else { return }  // alone: nothing to race with
        if RunCounter.claim("parallel-crash") % 3 == 0 { fatalError("deliberate crash beside a partner") }
    }
}

final class PartnerFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
