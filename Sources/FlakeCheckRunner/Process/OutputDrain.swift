import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The loop that reads one child's output until it ends and the child has exited (or the timeout, a
/// Ctrl-C or the drain grace ends the wait), killing its group at the deadline or on cancellation. Split
/// into a wait, which holds nothing, and a step, so that two threads can take turns at it
/// (`IdleOutputReader`).
struct OutputDrain {
    let pid: pid_t
    let readEnd: Int32
    let deadline: Date?
    /// A test process's clock, asked at every step (`TestTimeLimit`).
    var timeLimit: TestTimeLimit?
    let drainGraceSeconds: Double
    let interruptGraceSeconds: Double
    private(set) var state: WaitState
    /// Bytes read so far: how a watcher tells a reader that keeps up from one that does not get to run.
    private(set) var bytesRead = 0
    private var childExitedAt: Date?
    /// The child's `OrphanReaper` token: when the child has exited and the pipe is still open, what it
    /// left in sessions of its own (holding the pipe) is ended at once, not after the grace.
    var orphanToken: String?
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    private(set) var open = true
    private(set) var closedWaits = 0

    init(pid: pid_t, readEnd: Int32, deadline: Date?, drainGraceSeconds: Double, interruptGraceSeconds: Double) {
        self.pid = pid
        self.readEnd = readEnd
        self.deadline = deadline
        self.drainGraceSeconds = drainGraceSeconds
        self.interruptGraceSeconds = interruptGraceSeconds
        state = WaitState(pid: pid)
    }

    /// Waits for output (at most 50 ms) while the pipe is open; after its end, sleeps a little before the
    /// next look for the exit. Whether output is ready to read.
    func waitForOutput() -> Bool {
        Self.waitForOutput(readEnd: readEnd, open: open, closedWaits: closedWaits)
    }

    /// `waitForOutput` from the values it reads, for a thread that does not hold the drain.
    static func waitForOutput(readEnd: Int32, open: Bool, closedWaits: Int) -> Bool {
        guard open else {
            // End of output but the process still runs (it closed stdout and stderr, or is exiting): wait
            // for it under the same timeout and interrupt rules instead of killing it, which would report a
            // signal that flakecheck sent. Short sleeps first: a normal exit closes the pipe a moment before
            // the process can be reaped.
            usleep(closedWaits < 50 ? 1_000 : 50_000)
            return false
        }
        var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 50) > 0
    }

    /// Whether output is waiting in the pipe now (data, or its end not yet read), without reading it.
    func outputPending() -> Bool {
        var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        return open && poll(&descriptor, 1, 0) > 0
    }

    /// Reads what `ready` says is there, then looks at the child: false once the drain is over.
    mutating func step(
        ready: Bool, cancellation: CancellationFlag,
        onOutput: (UnsafeRawBufferPointer) -> Void
    ) -> Bool {
        if open, ready {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            // No early return after a read: a child that prints without pause must still meet the deadline
            // and cancellation checks below, or a chatty hang would never be stopped.
            if count > 0 {
                bytesRead += count
                buffer.withUnsafeBytes { onOutput(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                open = false
            }
        } else if !open {
            closedWaits += 1
        }
        state.reapIfExited()
        if state.status != nil {
            if !open { return false }
            if childExitedAt == nil, let orphanToken { OrphanReaper.endOrphans(of: orphanToken) }
            childExitedAt = childExitedAt ?? Date()
            return Date().timeIntervalSince(childExitedAt!) <= drainGraceSeconds
        }
        if !state.timedOut, deadline.map({ Date() >= $0 }) ?? false || timeLimit?.hasExpired() ?? false {
            state.timedOut = true
            kill(-pid, SIGKILL)
        }
        if cancellation.isCancelled, !state.interrupted {
            state.interrupted = true
            kill(-pid, SIGTERM)
            let interruptedAt = Date()
            while state.status == nil, Date().timeIntervalSince(interruptedAt) < interruptGraceSeconds {
                usleep(20_000)
                state.reapIfExited()
            }
            kill(-pid, SIGKILL)
        }
        return true
    }
}
