import FlakeCheckModel

/// `--sanitize thread`: the tests built with SwiftPM's `--sanitize=thread` in a build folder of their own
/// (so the plain build stays as it is), and run with ThreadSanitizer writing its reports to files of
/// their own instead of the output flakecheck parses.
extension Sanitizer {
    /// Beside `.build`, named so that `.build-*` ignore rules cover it.
    package func scratchPath(packagePath: String) -> String {
        switch self {
        case .thread: "\(packagePath)/.build-flakecheck-tsan"
        }
    }

    /// Added to every `swift build` flakecheck runs for the package.
    package func buildArguments(packagePath: String) -> [String] {
        ["--sanitize=\(rawValue)", "--scratch-path", scratchPath(packagePath: packagePath)]
    }

    /// `TSAN_OPTIONS` for one process: reports to `<logPrefix>.<pid>`, and the exit status left to the
    /// tests (ThreadSanitizer's default 66 would fail a process whose every test passed); these two come
    /// after the user's own options, so they win. Before them, a default the user may override: the
    /// runtime sleeps `atexit_sleep_ms` (1,000 by default) at exit to catch races with exit-time work,
    /// which was nearly all of a one-test process (Benchmarks.md, "Measurements behind the code"); 50 ms keeps
    /// a short window for them.
    package func options(logPrefix: String, existing: String?) -> (name: String, value: String) {
        let own = "exitcode=0:log_path=\(logPrefix)"
        let user = existing.flatMap { $0.isEmpty ? nil : $0 }
        return (
            "TSAN_OPTIONS",
            ["atexit_sleep_ms=\(Self.exitSleepMilliseconds)", user, own].compactMap { $0 }.joined(separator: ":")
        )
    }

    /// ThreadSanitizer's sleep at process exit, in place of its 1,000 ms default.
    static let exitSleepMilliseconds = 50

    /// `libFlakeCheckSanitizerSupport.so` (next to flakecheck, or `FLAKECHECK_SANITIZER_LIBRARY`): without
    /// it ThreadSanitizer misses the locking of a contended `Synchronization.Mutex` and reports the
    /// accesses it guards as races (MutexAnnotations.c says why).
    package static func locateSupportLibrary(environment: [String: String]) -> String? {
        PreloadLibrary.locate(
            "libFlakeCheckSanitizerSupport.so", override: "FLAKECHECK_SANITIZER_LIBRARY", environment: environment)
    }
}
