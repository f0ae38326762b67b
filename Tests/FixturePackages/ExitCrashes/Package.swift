// swift-tools-version: 6.0
import PackageDescription

/// Fixture for crashes after a test's own result: a class `tearDown`, an exit handler, a thread left
/// behind that traps at exit, each beside an innocent partner. What every test's outcome
/// must be is in README.md, written before flakecheck first ran it.
let package = Package(
    name: "ExitCrashes",
    targets: [.testTarget(name: "ExitCrashTests")]
)
