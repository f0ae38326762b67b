import Foundation

/// Keeps CPUs busy from inside flakecheck while a solo check runs, the way another worker's process
/// would: a race that needs CPU contention fails again under it, a resource two workers share does not.
final class CPULoad: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true
    private let finished = DispatchGroup()

    /// Starts `threads` threads that spin until `stop()`.
    init(threads: Int) {
        for _ in 0..<threads {
            finished.enter()
            let thread = Thread { [self] in
                var sink = 0
                while isRunning {
                    for step in 0..<200_000 { sink = sink &+ step &* 31 }
                }
                withExtendedLifetime(sink) {}
                finished.leave()
            }
            thread.start()
        }
    }

    private var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running
    }

    /// Stops the threads and waits (at most a second) for them to end.
    func stop() {
        lock.lock()
        running = false
        lock.unlock()
        _ = finished.wait(timeout: .now() + 1)
    }
}
