import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// The real launcher against small real processes (`/bin/sh` scripts), for what only a real process
/// shows: the kernel's argv limit, and a child that prints without pause while it hangs.
@Suite struct POSIXProcessLauncherTests {
    static func shell(_ script: String, timeout: Double? = nil) -> ProcessRequest {
        ProcessRequest(
            executable: "/bin/sh", arguments: ["-c", script], environment: ["PATH": "/usr/bin:/bin"],
            timeout: timeout)
    }

    /// The read loop skipped the deadline after every successful read, so a hang that
    /// printed every 10 ms ran to its own end (here about 30 s) under a 0.5 s timeout.
    @Test func chattyHangMeetsTheTimeout() throws {
        let request = Self.shell("i=0; while [ $i -lt 3000 ]; do echo tick; sleep 0.01; i=$((i+1)); done", timeout: 0.5)
        var bytes = 0
        let exit = try POSIXProcessLauncher().run(request, cancellation: CancellationFlag()) { bytes += $0.count }
        #expect(exit.timedOut)
        #expect(exit.signal == SIGKILL)
        #expect(bytes > 0)
        #expect(exit.wallSeconds < 15, "killed at the deadline, not after the script's own 30 s")
    }

    @Test func chattyHangStopsOnCancellation() throws {
        let request = Self.shell("i=0; while [ $i -lt 3000 ]; do echo tick; sleep 0.01; i=$((i+1)); done")
        let cancellation = CancellationFlag()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { cancellation.cancel() }
        let exit = try POSIXProcessLauncher().run(request, cancellation: cancellation) { _ in }
        #expect(exit.interrupted)
        #expect(exit.wallSeconds < 15)
    }

    /// A test process's output is read on a thread at `SCHED_IDLE` (so the reader never takes a core from
    /// the tests), all of it, in order, and the process itself is not lowered; a build's output is read on
    /// the caller's thread as before. The timeout still holds on the lowered thread. (Patience without end,
    /// so that a loaded machine running this suite does not hand the reading back to the caller.)
    @Test func aTestProcessIsReadAtIdlePriority() throws {
        #if os(Linux)
            var request = Self.shell(
                "i=0; while [ $i -lt 200 ]; do echo line $i; i=$((i+1)); done; "
                    + "sed -n 's/^[^)]*) [^ ]* //p' /proc/$$/stat | cut -d' ' -f38")  // field 41, policy
            request.readsOutputAtIdlePriority = true
            var launcher = POSIXProcessLauncher()
            launcher.idleReaderPatience = .max
            var classes: Set<Int32> = []
            var text = ""
            let exit = try launcher.run(request, cancellation: CancellationFlag()) {
                classes.insert(sched_getscheduler(0))
                text += String(decoding: $0, as: UTF8.self)
            }
            #expect(exit.exitCode == 0)
            #expect(classes == [IdlePriorityThread.idleClass])
            let lines = text.split(separator: "\n")
            #expect(lines.prefix(200) == ArraySlice((0..<200).map { "line \($0)" }[...]))
            #expect(lines.last == "0", "the child's own policy is SCHED_OTHER: \(lines.last ?? "")")
            request.readsOutputAtIdlePriority = false
            var normal: Set<Int32> = []
            _ = try launcher.run(request, cancellation: CancellationFlag()) { _ in
                normal.insert(sched_getscheduler(0))
            }
            #expect(normal == [sched_getscheduler(0)] && !normal.contains(IdlePriorityThread.idleClass))
            var hang = Self.shell("sleep 30", timeout: 0.3)
            hang.readsOutputAtIdlePriority = true
            let stopped = try launcher.run(hang, cancellation: CancellationFlag()) { _ in }
            #expect(stopped.timedOut && stopped.wallSeconds < 15)
        #endif
    }

    /// An idle reader that never gets to run (other threads keep every CPU busy) must not hold a chatty
    /// child up on its full pipe: the caller sees output waiting unread and reads it itself, all of it, in
    /// order, on its own thread; the idle thread, when it runs at last, reads nothing.
    @Test func aStarvedIdleReaderIsTakenOver() throws {
        var request = Self.shell("i=0; while [ $i -lt 20000 ]; do echo line $i; i=$((i+1)); done")
        request.readsOutputAtIdlePriority = true
        let release = DispatchSemaphore(value: 0)
        let ranAfterRelease = DispatchSemaphore(value: 0)
        var launcher = POSIXProcessLauncher()
        launcher.startIdleThread = { body in
            Thread.detachNewThread {
                release.wait()
                body()
                ranAfterRelease.signal()
            }
            return true
        }
        let caller = Thread.current
        var onCaller = true
        var text = ""
        let exit = try launcher.run(request, cancellation: CancellationFlag()) {
            onCaller = onCaller && Thread.current == caller
            text += String(decoding: $0, as: UTF8.self)
        }
        release.signal()
        #expect(ranAfterRelease.wait(timeout: .now() + 10) == .success)
        #expect(exit.exitCode == 0 && onCaller)
        #expect(text.split(separator: "\n") == (0..<20000).map { "line \($0)" }[...].map { Substring($0) })
    }

    /// Found while splitting long selections: one argv string over 128 KiB makes the spawn itself fail (E2BIG). The
    /// old executor read that as a crash before any test started and re-ran every test alone.
    @Test func argumentPastTheKernelLimitFailsToSpawnWithItsCause() {
        let request = ProcessRequest(
            executable: "/bin/true", arguments: [String(repeating: "x", count: 200 * 1024)],
            environment: [:])
        #expect {
            _ = try POSIXProcessLauncher().run(request, cancellation: CancellationFlag()) { _ in }
        } throws: { error in
            "\(error)".contains("Argument list too long")
        }
    }

    @Test func missingExecutableFailsToSpawn() {
        let request = ProcessRequest(executable: "/nonexistent/flakecheck-test-binary", arguments: [], environment: [:])
        #expect(throws: FlakeCheckError.self) {
            _ = try POSIXProcessLauncher().run(request, cancellation: CancellationFlag()) { _ in }
        }
    }
}

extension POSIXProcessLauncherTests {
    /// A second Ctrl-C exits at once; the children (each in its own process group) go first, terminated
    /// (SIGTERM, so `swift build` can stop its compilers), then killed if they linger.
    @Test func liveProcessGroupsCanAllBeKilled() throws {
        let finished = DispatchSemaphore(value: 0)
        let box = ExitBox()
        let launcher = POSIXProcessLauncher()
        Thread {
            box.exit = try? launcher.run(Self.shell("sleep 30"), cancellation: CancellationFlag()) { _ in }
            finished.signal()
        }.start()
        let started = Date()
        while launcher.liveGroups.count == 0, Date().timeIntervalSince(started) < 10 {
            Thread.sleep(forTimeInterval: 0.01)
        }
        launcher.killAll()
        #expect(finished.wait(timeout: .now() + 10) == .success)
        #expect(box.exit?.signal == SIGTERM)
        #expect(launcher.liveGroups.count == 0)
    }
}

private final class ExitBox: @unchecked Sendable {
    var exit: ProcessExit?

    #if os(Linux)
        /// `--perturb`'s CPU limit is in place when the child starts, not applied after it is already running
        /// (libdispatch sizes its pool once, at start): the child's very first read of its own mask shows it,
        /// and flakecheck's thread gets its own mask back.
        @Test func cpuLimitIsInPlaceFromTheChildsFirstInstruction() throws {
            func allowed(_ status: String) -> Int? {
                guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") })
                else { return nil }
                return line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces).split(
                    separator: ","
                )
                .reduce(0) { total, range in
                    let bounds = range.split(separator: "-").compactMap { Int($0) }
                    return total + (bounds.count == 2 ? bounds[1] - bounds[0] + 1 : 1)
                }
            }
            let before = try String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8)
            var request = ProcessRequest(executable: "/bin/cat", arguments: ["/proc/self/status"], environment: [:])
            request.cpuLimit = 1
            var output = Data()
            let exit = try POSIXProcessLauncher().run(request, cancellation: CancellationFlag()) {
                output.append(contentsOf: $0)
            }
            #expect(exit.exitCode == 0)
            #expect(allowed(String(decoding: output, as: UTF8.self)) == 1)
            let after = try String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8)
            #expect(allowed(after) == allowed(before))
        }
    #endif
}
