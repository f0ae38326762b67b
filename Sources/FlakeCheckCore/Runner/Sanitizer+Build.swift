/// `--sanitize thread`: the tests built with SwiftPM's `--sanitize=thread` in a build folder of their own
/// (so the plain build stays as it is), and run with ThreadSanitizer writing its reports to files of
/// their own instead of the output flakecheck parses.
extension Sanitizer {
    /// Beside `.build`, named so that `.build-*` ignore rules cover it.
    public func scratchPath(packagePath: String) -> String {
        "\(packagePath)/.build-flakecheck-\(rawValue == "thread" ? "tsan" : rawValue)"
    }

    /// Added to every `swift build` flakecheck runs for the package.
    public func buildArguments(packagePath: String) -> [String] {
        ["--sanitize=\(rawValue)", "--scratch-path", scratchPath(packagePath: packagePath)]
    }

    /// `TSAN_OPTIONS` for one process: reports to `<logPrefix>.<pid>`, and the exit status left to the
    /// tests (ThreadSanitizer's default 66 would fail a process whose every test passed). The user's own
    /// options come first, so these two win.
    public func options(logPrefix: String, existing: String?) -> (name: String, value: String) {
        let own = "exitcode=0:log_path=\(logPrefix)"
        return ("TSAN_OPTIONS", existing.map { $0.isEmpty ? own : "\($0):\(own)" } ?? own)
    }

    /// `libFlakeCheckSanitizerSupport.so` (next to flakecheck, or `FLAKECHECK_SANITIZER_LIBRARY`): without
    /// it ThreadSanitizer misses the locking of a contended `Synchronization.Mutex` and reports the
    /// accesses it guards as races (MutexAnnotations.c says why).
    public static func locateSupportLibrary(environment: [String: String]) -> String? {
        PreloadLibrary.locate("libFlakeCheckSanitizerSupport.so", override: "FLAKECHECK_SANITIZER_LIBRARY", environment: environment)
    }
}
