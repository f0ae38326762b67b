import Foundation
@testable import Checkout

/// Simulates the third-party screening API's latency.
struct SlowFraudScreener: FraudScreener {
    var result: FraudScore = .low
    var latency: Duration = .milliseconds(50)

    func score(_ order: Order) async -> FraudScore {
        try? await Task.sleep(for: latency)
        return result
    }
}

/// Parks every `score` call until the test calls `release()`.
final class GatedFraudScreener: FraudScreener, @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0
    private var entryWaiters: [CheckedContinuation<Void, Never>] = []
    private var parked: [CheckedContinuation<Void, Never>] = []
    let result: FraudScore

    init(result: FraudScore = .low) {
        self.result = result
    }

    var callCount: Int { lock.withLock { calls } }

    func score(_ order: Order) async -> FraudScore {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waiters = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
                calls += 1
                parked.append(continuation)
                defer { entryWaiters.removeAll() }
                return entryWaiters
            }
            waiters.forEach { $0.resume() }
        }
        return result
    }

    /// Resumes once `score` has been entered at least once.
    func waitUntilCalled() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let alreadyCalled = lock.withLock { () -> Bool in
                if calls > 0 { return true }
                entryWaiters.append(continuation)
                return false
            }
            if alreadyCalled { continuation.resume() }
        }
    }

    func release() {
        let toResume = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            defer { parked.removeAll() }
            return parked
        }
        toResume.forEach { $0.resume() }
    }
}

/// Records scored orders; `waitUntilCalled` polls.
final class PollingFraudSpy: FraudScreener, @unchecked Sendable {
    private let recorded = Locked<[String]>([])

    var scoredOrderIDs: [String] { recorded.value }

    func score(_ order: Order) async -> FraudScore {
        recorded.withValue { $0.append(order.id) }
        return .low
    }

    func waitUntilCalled(timeout: Duration = .seconds(1)) async {
        let start = ContinuousClock.now
        while recorded.value.isEmpty, ContinuousClock.now - start < timeout {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }
}
