import XCTest

extension XCTestCase {
    /// Gives freshly spawned main-actor work a few turns of the run loop.
    @MainActor
    func letPendingWorkSettle(turns: Int = 5) async {
        for _ in 0..<turns {
            await Task.yield()
        }
    }
}
