import FlakeCheckModel

/// What to start: an argv array (never a shell command line), its environment and a time limit.
package struct ProcessRequest: Sendable, Equatable {
    /// An absolute path, or a bare name looked up on `PATH`.
    package var executable: String
    package var arguments: [String]
    package var environment: [String: String]
    package var workingDirectory: String?
    /// Seconds before the whole process group is killed; nil waits forever.
    package var timeout: Double?
    /// A test process's clock (`--timeout` per test, and its process-wide bounds): the group is killed when
    /// it says so, and it says which bound ran out.
    package var timeLimit: TestTimeLimit?
    /// Pin the process to the first this-many CPUs (`--perturb`'s CPU dimension); nil leaves affinity alone.
    package var cpuLimit: Int?
    /// Start it in a session of its own and, when it is stopped, stop the whole session and wait for it:
    /// `swift build` runs each compiler in a process group of its own, so stopping its group left
    /// `swiftc` and `swift-frontend` compiling on after Ctrl-C. Linux only (it reads `/proc`).
    package var stopsWholeSession = false
    /// Read its output on a thread at the lowest scheduling priority (`IdleOutputReader`): for test
    /// processes, whose parallel tests a reader waking on a busy core would keep apart.
    package var readsOutputAtIdlePriority = false

    package init(
        executable: String, arguments: [String], environment: [String: String],
        workingDirectory: String? = nil, timeout: Double? = nil, cpuLimit: Int? = nil
    ) {
        self.cpuLimit = cpuLimit
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.timeout = timeout
    }
}

/// The process boundary. Everything above it is tested with recorded output fed through a fake.
package protocol ProcessLaunching: Sendable {
    /// Runs the process to completion, calling `onOutput` with its merged stdout and stderr as the bytes
    /// arrive, in order, on one thread (not necessarily the caller's: `readsOutputAtIdlePriority`), and
    /// returning after the last call. Throws only when the process could not be started at all.
    func run(
        _ request: ProcessRequest, cancellation: CancellationFlag,
        onOutput: (UnsafeRawBufferPointer) -> Void
    ) throws -> ProcessExit

    /// Stops every child still running (the second Ctrl-C, just before flakecheck exits): terminated,
    /// then killed if it lingers.
    func killAll()
}

extension ProcessLaunching {
    package func killAll() {}
}
