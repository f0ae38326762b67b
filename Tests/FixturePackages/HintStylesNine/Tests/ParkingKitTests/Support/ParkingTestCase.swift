import XCTest

/// Shared plumbing for the XCTest-based suites.
class ParkingTestCase: XCTestCase {
    /// Polls `condition` until it holds or `timeout` passes.
    @MainActor
    func waitUntil(
        timeout: Duration = .seconds(1),
        pollingEvery interval: Duration = .milliseconds(10),
        file: StaticString = #filePath,
        line: UInt = #line,
        _ condition: @MainActor () -> Bool
    ) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while !condition() {
            guard clock.now < deadline else {
                XCTFail("condition not met within \(timeout)", file: file, line: line)
                return
            }
            try await Task.sleep(for: interval)
        }
    }
}
