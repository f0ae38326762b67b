import Foundation

/// Lets a run that `--perturb` drew to run alone have the machine to itself: it waits until the other
/// workers' runs have ended, and no run starts beside it until it has. A run waiting to go alone goes
/// before runs that arrive after it, so it is never starved by a stream of ordinary runs.
public final class AloneRunGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var running = 0
    private var aloneRunning = false
    private var aloneWaiting = 0
    /// Runs beside others now in flight, by ticket, and whether another run was in flight beside them at
    /// some point: a run "beside" whose neighbours had all stopped for runs alone ran alone in fact.
    private var overlapped: [Int: Bool] = [:]
    private var nextTicket = 0

    public init() {}

    /// Alone runs waiting for the machine (for tests, which wait on it instead of on time).
    var waitingAlone: Int { condition.withLock { aloneWaiting } }

    /// Blocks until this run may start: an alone run once nothing else runs, another once no alone run
    /// runs or waits. Returns the run's ticket for `leave`.
    @discardableResult public func enter(alone: Bool) -> Int {
        condition.lock()
        defer { condition.unlock() }
        nextTicket += 1
        if alone {
            aloneWaiting += 1
            while running > 0 || aloneRunning { condition.wait() }
            aloneWaiting -= 1
            aloneRunning = true
        } else {
            while aloneRunning || aloneWaiting > 0 { condition.wait() }
            running += 1
            let neighbours = !overlapped.isEmpty
            for ticket in overlapped.keys where neighbours { overlapped[ticket] = true }
            overlapped[nextTicket] = neighbours
        }
        return nextTicket
    }

    /// Ends run `ticket`; for a run beside others, whether another run was in flight beside it at some
    /// point (always true for a run alone, which answers nothing here: it had no neighbour by design).
    @discardableResult public func leave(alone: Bool, ticket: Int = 0) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        var hadNeighbour = true
        if alone {
            aloneRunning = false
        } else {
            running -= 1
            hadNeighbour = overlapped.removeValue(forKey: ticket) ?? true
        }
        condition.broadcast()
        return hadNeighbour
    }
}
