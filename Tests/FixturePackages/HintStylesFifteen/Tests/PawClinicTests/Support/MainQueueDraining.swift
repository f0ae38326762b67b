import Foundation

/// Gives main-actor work queued by a view model a few turns to run.
@MainActor
func drainMainQueue() async {
    for _ in 0..<5 {
        await Task.yield()
    }
}
