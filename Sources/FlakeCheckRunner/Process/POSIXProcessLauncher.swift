import FlakeCheckModel
import FlakeCheckProcessSupport
import FlakeCheckSupport
import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts processes, each in its own process group, with stdout and stderr on one pipe that is drained
/// continuously, so a chatty child can never block on a full pipe and the two streams keep their relative
/// order. On Linux a child gets a parent-death signal before exec (`flakecheck_spawn`), so it dies with
/// flakecheck even when flakecheck is killed with SIGKILL, and what it leaves in sessions of its own is
/// ended when it ends (`OrphanReaper`); elsewhere `posix_spawn` starts it.
///
/// Killing happens to the whole process group: a test that forks helpers cannot leave them behind, and a
/// grandchild that keeps the pipe open after the test process exited only delays the end by
/// `drainGraceSeconds`.
package struct POSIXProcessLauncher: ProcessLaunching {
    package var drainGraceSeconds: Double = 2
    package var interruptGraceSeconds: Double = 1
    /// How long a stopped session's processes get to be gone (`ProcessRequest.stopsWholeSession`).
    package var sessionStopSeconds: Double = 5
    /// The groups of the children running now (shared by copies of this launcher).
    package let liveGroups = LiveProcessGroups()
    /// `readsOutputAtIdlePriority`: how many looks, 20 ms apart, with output waiting and the idle reader not
    /// reading, before the caller reads it at normal priority (`IdleOutputReader`), and how the idle
    /// thread is started (tests stand in one that never gets to run).
    package var idleReaderPatience = 3
    package var startIdleThread: @Sendable (@escaping @Sendable () -> Void) -> Bool = IdlePriorityThread.start

    package init() {}

    package func run(
        _ request: ProcessRequest, cancellation: CancellationFlag,
        onOutput: (UnsafeRawBufferPointer) -> Void
    ) throws -> ProcessExit {
        let start = Date()
        let (readEnd, writeEnd) = try Self.makePipe()
        var request = request
        let token = "\(getpid())-\(Self.tokens.take())"
        request.environment[OrphanReaper.variable] = token
        OrphanReaper.prepare()
        let pid: pid_t
        do {
            pid = try spawn(request, outputFD: writeEnd)
        } catch {
            close(readEnd)
            close(writeEnd)
            throw error
        }
        close(writeEnd)
        defer { close(readEnd) }
        liveGroups.add(pid)
        defer { liveGroups.remove(pid) }

        var drain = OutputDrain(
            pid: pid, readEnd: readEnd,
            deadline: request.timeout.map { start.addingTimeInterval($0) },
            drainGraceSeconds: drainGraceSeconds, interruptGraceSeconds: interruptGraceSeconds)
        drain.orphanToken = token
        drain.timeLimit = request.timeLimit
        var state: WaitState
        if request.readsOutputAtIdlePriority {
            state = IdleOutputReader.drain(
                drain, cancellation: cancellation, patience: idleReaderPatience,
                startThread: startIdleThread, onOutput: onOutput)
        } else {
            while drain.step(ready: drain.waitForOutput(), cancellation: cancellation, onOutput: onOutput) {}
            state = drain.state
        }
        // Whatever is left of the group (helpers, a grandchild holding the pipe) goes with it.
        kill(-pid, SIGKILL)
        state.waitForExit()
        OrphanReaper.endOrphans(of: token)
        var exit = state.exit(wallSeconds: Date().timeIntervalSince(start))
        if request.stopsWholeSession, state.interrupted || state.timedOut {
            exit.lingering = SessionMembers(session: pid).stop(within: sessionStopSeconds)
        }
        return exit
    }

    package func killAll() { liveGroups.killAll() }

    /// Numbers the processes this flakecheck starts, for `OrphanReaper`'s tokens.
    private static let tokens = ProcessSerial()

    private func spawn(_ request: ProcessRequest, outputFD: Int32) throws -> pid_t {
        #if os(Linux)
            return try spawnWithParentDeathSignal(request, outputFD: outputFD)
        #else
            return try posixSpawn(request, outputFD: outputFD)
        #endif
    }

    private func spawnWithParentDeathSignal(_ request: ProcessRequest, outputFD: Int32) throws -> pid_t {
        let argv = ([request.executable] + request.arguments).map { strdup($0) } + [nil]
        let envp = request.environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var reason: Int32 = 0
        let pid = GNUFunctions.withThreadPinned(toCPUs: request.cpuLimit) {
            flakecheck_spawn(
                request.executable, argv, envp, request.workingDirectory, outputFD,
                request.stopsWholeSession ? 1 : 0, &reason)
        }
        guard pid > 0 else {
            throw FlakeCheckError.cannotStartProcess(request.executable, reason: String(cString: strerror(reason)))
        }
        return pid
    }

    private func posixSpawn(_ request: ProcessRequest, outputFD: Int32) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputFD, 1)
        posix_spawn_file_actions_adddup2(&actions, outputFD, 2)
        if let directory = request.workingDirectory {
            guard let addChdir = GNUFunctions.addChdir else {
                throw FlakeCheckError.cannotStartProcess(
                    request.executable, reason: "posix_spawn cannot change directory here")
            }
            _ = addChdir(&actions, directory)
        }
        // Own process group (so the group can be killed as one); default signal dispositions and an
        // empty mask, so the child does not inherit flakecheck's ignored SIGPIPE or blocked SIGINT.
        var defaults = sigset_t()
        sigfillset(&defaults)
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setpgroup(&attributes, 0)
        var flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        #if os(Linux)
            // A new session (glibc's POSIX_SPAWN_SETSID, 0x80) is also a new group, led by the child.
            if request.stopsWholeSession { flags = 0x80 | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK }
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([request.executable] + request.arguments).map { strdup($0) } + [nil]
        let envp = request.environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let result = GNUFunctions.withThreadPinned(toCPUs: request.cpuLimit) {
            request.executable.contains("/")
                ? posix_spawn(&pid, request.executable, &actions, &attributes, argv, envp)
                : posix_spawnp(&pid, request.executable, &actions, &attributes, argv, envp)
        }
        guard result == 0 else {
            throw FlakeCheckError.cannotStartProcess(request.executable, reason: String(cString: strerror(result)))
        }
        return pid
    }

    private static func makePipe() throws -> (Int32, Int32) {
        var fds: [Int32] = [0, 0]
        // O_CLOEXEC at creation: with several workers spawning at once, a pipe end must never leak into
        // another worker's child, or that pipe would not see end-of-file until the other child exits.
        let result: Int32
        if let pipe2 = GNUFunctions.pipe2 {
            result = fds.withUnsafeMutableBufferPointer { pipe2($0.baseAddress!, O_CLOEXEC) }
        } else {
            result = pipe(&fds)
            if result == 0 { _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC); _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC) }
        }
        guard result == 0 else {
            throw FlakeCheckError.cannotStartProcess("pipe", reason: String(cString: strerror(errno)))
        }
        return (fds[0], fds[1])
    }
}

/// Tracks one child's wait status so it is reaped exactly once.
/// A child's exit status, once reaped, and whether flakecheck stopped it.
struct WaitState {
    let pid: pid_t
    var status: Int32?
    var timedOut = false
    var interrupted = false

    mutating func reapIfExited() {
        guard status == nil else { return }
        var raw: Int32 = 0
        if waitpid(pid, &raw, WNOHANG) == pid { status = raw }
    }

    mutating func waitForExit() {
        guard status == nil else { return }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) == -1 && errno == EINTR {}
        status = raw
    }

    func exit(wallSeconds: Double) -> ProcessExit {
        let raw = status ?? 0
        let signal = raw & 0x7f
        let exited = signal == 0
        return ProcessExit(
            exitCode: exited ? (raw >> 8) & 0xff : nil,
            signal: exited ? nil : signal,
            timedOut: timedOut,
            interrupted: interrupted,
            wallSeconds: wallSeconds
        )
    }
}

/// glibc functions that Swift's Glibc module does not export (they sit behind `_GNU_SOURCE`), looked up
/// at run time. Both exist on every glibc from 2.29 and on macOS's libc (addchdir since 10.15).
private enum GNUFunctions {
    typealias AddChdir =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

    static let addChdir: AddChdir? = lookup("posix_spawn_file_actions_addchdir_np")
    typealias SetAffinity = @convention(c) (pid_t, Int, UnsafeRawPointer) -> Int32
    typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
    static let setAffinity: SetAffinity? = lookup("sched_setaffinity")
    static let getAffinity: GetAffinity? = lookup("sched_getaffinity")

    /// Runs `spawn` with the calling thread limited to `count` of the CPUs it may use now (the first
    /// ones of its mask, so a container's cpuset is respected), then restores its mask. A child starts
    /// with its parent thread's mask, so the test process is limited before its first instruction, and
    /// libdispatch, which sizes its pool once at start, sees the limit. (Pinning the child after spawning
    /// raced with that.) Linux only; elsewhere `--perturb` has no CPU dimension (`PerturbationPlan`).
    static func withThreadPinned<T>(toCPUs count: Int?, _ spawn: () -> T) -> T {
        guard let count, let setAffinity, let getAffinity else { return spawn() }
        var saved = [UInt64](repeating: 0, count: 16)  // cpu_set_t: 1024 bits
        guard saved.withUnsafeMutableBytes({ getAffinity(0, $0.count, $0.baseAddress!) }) == 0 else { return spawn() }
        var limited = [UInt64](repeating: 0, count: 16)
        var kept = 0
        for cpu in 0..<1024 where kept < count && saved[cpu / 64] & (1 << UInt64(cpu % 64)) != 0 {
            limited[cpu / 64] |= 1 << UInt64(cpu % 64)
            kept += 1
        }
        _ = limited.withUnsafeBytes { setAffinity(0, $0.count, $0.baseAddress!) }
        defer { _ = saved.withUnsafeBytes { setAffinity(0, $0.count, $0.baseAddress!) } }
        return spawn()
    }
    static let pipe2: Pipe2? = lookup("pipe2")

    private static func lookup<T>(_ name: String) -> T? {
        #if canImport(Glibc)
            let handle = dlopen(nil, RTLD_NOW)
        #else
            let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #endif
        guard let symbol = dlsym(handle, name) else { return nil }
        return unsafeBitCast(symbol, to: T.self)
    }
}
