// swift-tools-version: 6.0
import PackageDescription

/// Fixture for `--timeout`: slow tests that each stay under the limit, tests that hang, and tests whose
/// time is measured. What every test's outcome must be under `--timeout 5` is in README.md, written
/// before flakecheck first ran it.
let package = Package(
    name: "TimeLimits",
    targets: [.testTarget(name: "TimeLimitTests")]
)
