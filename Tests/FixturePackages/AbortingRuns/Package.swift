// swift-tools-version: 6.0
import PackageDescription

/// Fixture for `flakecheck parse` of plain `swift test > run-N.log 2>&1` logs where a test aborts: one
/// XCTest test and one Swift Testing test call `abort()` in runs 4, 8 and 12 (`ABORTING_RUN`), while the
/// rest never fail. What every test's outcome must be is in README.md, written before the first run.
let package = Package(
    name: "AbortingRuns",
    targets: [.testTarget(name: "AbortingTests")]
)
