import Foundation
import XCTest

struct WaitTimeout: Error, CustomStringConvertible {
    var description: String
}

/// Polls `condition` until it holds or `timeout` elapses.
func waitUntil(
    timeout: Duration = .seconds(1),
    pollingEvery interval: Duration = .milliseconds(10),
    _ message: @autoclosure () -> String = "condition never became true",
    _ condition: () async -> Bool
) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while await !condition() {
        guard clock.now < deadline else {
            throw WaitTimeout(description: message())
        }
        try await Task.sleep(for: interval)
    }
}

/// Lets already-scheduled tasks run before the test continues.
func settle(iterations: Int = 20) async {
    for _ in 0..<iterations {
        await Task.yield()
    }
}
