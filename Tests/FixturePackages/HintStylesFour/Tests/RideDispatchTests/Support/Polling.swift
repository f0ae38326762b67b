import Foundation

struct ConditionTimedOut: Error {}

/// Re-checks `condition` every few milliseconds until it holds or the deadline passes.
func waitUntil(
    timeout: Duration = .seconds(2),
    pollEvery interval: Duration = .milliseconds(10),
    _ condition: @Sendable () async -> Bool
) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while await !condition() {
        if clock.now >= deadline { throw ConditionTimedOut() }
        try await Task.sleep(for: interval)
    }
}
