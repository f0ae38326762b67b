import Foundation

/// Reads a test process's output on a thread at idle priority (`IdlePriorityThread`), so that reading it
/// does not take a core from the process's tests: a reader that parsed each chunk as it arrived took one of
/// two cores just as the tests started, and hid most of a race between them (Documentation/Benchmarks.md,
/// "What the event stream and the reader cost a race"). The calling thread watches: when the idle thread
/// does not get to run (other threads keep every CPU busy) while output waits in the pipe, or the pipe's
/// end waits unread, for three looks 20 ms apart (`patience`), the caller takes the drain over at normal
/// priority for the rest of the process, so a chatty test on a loaded machine is not held up by its full
/// pipe. The two take turns under one lock and never call `onOutput` at once; after the hand-over the
/// idle thread stops.
final class IdleOutputReader: @unchecked Sendable {
    private let condition = NSCondition()
    private var drain: OutputDrain
    private var onOutput: ((UnsafeRawBufferPointer) -> Void)?
    private let cancellation: CancellationFlag
    private var finished = false
    private var takenOver = false

    private init(
        _ drain: OutputDrain, cancellation: CancellationFlag,
        onOutput: @escaping (UnsafeRawBufferPointer) -> Void
    ) {
        self.drain = drain
        self.cancellation = cancellation
        self.onOutput = onOutput
    }

    /// Runs `drain` to its end, at idle priority while that keeps up, and returns the child's wait state.
    /// `patience`: looks 20 ms apart with output waiting and no progress before the caller takes over;
    /// `startThread` starts the idle thread (tests stand in one that does not get to run).
    static func drain(
        _ drain: OutputDrain, cancellation: CancellationFlag, patience: Int = 3,
        startThread: (@escaping @Sendable () -> Void) -> Bool = IdlePriorityThread.start,
        onOutput: (UnsafeRawBufferPointer) -> Void
    ) -> WaitState {
        withoutActuallyEscaping(onOutput) { onOutput in
            let reader = IdleOutputReader(drain, cancellation: cancellation, onOutput: onOutput)
            let started = startThread { reader.readAtIdlePriority() }
            return reader.watch(idleThreadStarted: started, patience: patience)
        }
    }

    /// The idle thread: waits without the lock, steps with it, until the drain ends or is taken over.
    private func readAtIdlePriority() {
        while true {
            // The wait's inputs, not a copy of the drain: a copy would share its buffer, and the next read
            // into it would then copy 64 KiB.
            condition.lock()
            let (readEnd, open, closedWaits) = (drain.readEnd, drain.open, drain.closedWaits)
            condition.unlock()
            let ready = OutputDrain.waitForOutput(readEnd: readEnd, open: open, closedWaits: closedWaits)
            condition.lock()
            defer { condition.unlock() }
            // `onOutput` is used only under the lock and never bound to a local here: the caller lets go of it
            // (and `withoutActuallyEscaping` checks that nothing kept it) once it holds the lock.
            guard !finished, !takenOver, onOutput != nil else { return }
            if !self.drain.step(ready: ready, cancellation: cancellation, onOutput: self.onOutput!) {
                finished = true
                condition.broadcast()
                return
            }
        }
    }

    /// The caller: waits for the idle thread, takes over when it falls behind (or never started), and
    /// finishes the drain itself; lets go of `onOutput` before returning.
    private func watch(idleThreadStarted: Bool, patience: Int) -> WaitState {
        condition.lock()
        defer { condition.unlock() }
        var lastBytes = -1
        var stalledLooks = 0
        while idleThreadStarted, !finished, stalledLooks < patience {
            _ = condition.wait(until: Date().addingTimeInterval(0.02))
            guard !finished else { break }
            stalledLooks = drain.outputPending() && drain.bytesRead == lastBytes ? stalledLooks + 1 : 0
            lastBytes = drain.bytesRead
        }
        if !finished {
            takenOver = true
            while let onOutput,
                drain.step(ready: drain.waitForOutput(), cancellation: cancellation, onOutput: onOutput)
            {}
            finished = true
        }
        onOutput = nil
        return drain.state
    }
}
