import Foundation
import Testing

/// Two tests that run in parallel: one registers an exit handler that aborts, the other is innocent.
@Suite struct ExitHandlerSuite {
    @Test func registersAnAbortingExitHandler() {
        atexit { abort() }
    }

    @Test func innocentPartner() {
        #expect(1 + 1 == 2)
    }
}

/// The thread a test leaves behind: it waits until the process begins to exit, then traps on that
/// thread, while the exit handler waits for it (at most 10 s, then the process exits 0).
nonisolated(unsafe) private var exitBegan = DispatchSemaphore(value: 0)
nonisolated(unsafe) private var neverSignalled = DispatchSemaphore(value: 0)

@Suite struct LeftThreadSuite {
    @Test func leavesAThreadThatCrashesAtExit() {
        let thread = Thread {
            exitBegan.wait()
            fatalError("left thread crash")
        }
        thread.start()
        atexit {
            exitBegan.signal()
            // A semaphore, not sleep(): a signal to the process would cut a sleep short and let it exit 0.
            _ = neverSignalled.wait(timeout: .now() + 10)
        }
    }

    // Named apart from ExitHandlerSuite's partner: Swift Testing's console prints bare function names.
    @Test func innocentNeighbour() {
        #expect(2 * 2 == 4)
    }
}

/// Starts a helper with Foundation's `Process` (a session of its own, out of reach of the test's process
/// group) that sleeps 317 s, and returns without waiting for it: it must not outlive the run.
@Suite struct LeftProcessSuite {
    @Test func startsAProcessThatOutlivesIt() throws {
        let helper = Process()
        helper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        helper.arguments = ["317"]
        try helper.run()
    }
}

/// A thread the test leaves behind sends the process SIGTERM when the process begins to exit (the exit
/// handler waits for it, at most 10 s).
nonisolated(unsafe) private var signalExitBegan = DispatchSemaphore(value: 0)
nonisolated(unsafe) private var signalNeverSignalled = DispatchSemaphore(value: 0)

@Suite struct SignalThreadSuite {
    @Test func leavesAThreadThatSignalsAtExit() {
        Thread {
            signalExitBegan.wait()
            kill(getpid(), SIGTERM)
        }.start()
        atexit {
            signalExitBegan.signal()
            _ = signalNeverSignalled.wait(timeout: .now() + 10)
        }
    }

    @Test func innocentBystander() {
        #expect(3 * 3 == 9)
    }
}

/// A class suite whose instance traps when it is deinitialised, after its test's body returned.
@Suite final class DeinitCrashSuite {
    deinit {
        fatalError("suite deinit crash")
    }

    @Test func passesThenItsSuiteDeinitTraps() {}

    @Test func siblingDeinitsToo() {}
}
