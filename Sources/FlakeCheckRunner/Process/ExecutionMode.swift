
/// How each run is launched.
package enum ExecutionMode: String, Codable, Sendable, CaseIterable {
    /// Build once, then start the test binary directly: far cheaper per run than `swift test` (Benchmarks.md,
    /// "Fixed start and per-run overhead").
    case process
    /// `swift test --skip-build --filter …` per run: slower, but exactly what developers type by hand.
    case swiftTest = "swift-test"
    /// Swift Testing tests repeated inside one process (`--repetitions`): much faster, but process-wide
    /// state is shared between repetitions. XCTest tests still get a process per run.
    case inProcess = "in-process"
    /// `--xcode`: `xcodebuild test-without-building` per run, of a scheme built once with `build-for-testing`.
    case xcode
}

/// The platform flakecheck runs on, which decides how a test product is started (`MacOSTestBundle`).
package enum TestPlatform: String, Sendable {
    case linux, macOS

    package static var current: TestPlatform {
        #if os(macOS)
            .macOS
        #else
            .linux
        #endif
    }
}
