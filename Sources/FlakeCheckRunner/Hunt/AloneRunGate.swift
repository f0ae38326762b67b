import Foundation

/// Lets a run that `--perturb` drew to run alone have the machine to itself: it waits until the other
/// workers' runs have ended, and no run starts beside it until it has. A run waiting to go alone goes
/// before runs that arrive after it, so it is never starved by a stream of ordinary runs.
package final class AloneRunGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var running = 0
    private var aloneRunning = false
    private var aloneWaiting = 0

    package init() {}

    /// Alone runs waiting for the machine (for tests, which wait on it instead of on time).
    package var waitingAlone: Int { condition.withLock { aloneWaiting } }

    /// Blocks until this run may start: an alone run once nothing else runs, another once no alone run
    /// runs or waits.
    package func enter(alone: Bool) {
        condition.lock()
        defer { condition.unlock() }
        if alone {
            aloneWaiting += 1
            while running > 0 || aloneRunning { condition.wait() }
            aloneWaiting -= 1
            aloneRunning = true
        } else {
            while aloneRunning || aloneWaiting > 0 { condition.wait() }
            running += 1
        }
    }

    package func leave(alone: Bool) {
        condition.lock()
        defer { condition.unlock() }
        if alone { aloneRunning = false } else { running -= 1 }
        condition.broadcast()
    }
}
