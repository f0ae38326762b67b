import Foundation
import Testing

/// Swift Testing runs these in parallel: three slow tests finish at 2 s while the fourth hangs.
@Suite struct SlowSuite {
    @Test func slowOne() async throws { try await Task.sleep(for: .seconds(2)) }
    @Test func slowTwo() async throws { try await Task.sleep(for: .seconds(2)) }
    @Test func slowThree() async throws { try await Task.sleep(for: .seconds(2)) }

    @Test func hangs() async {
        await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
    }
}
