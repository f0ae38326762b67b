// swift-tools-version: 6.0
import PackageDescription

/// Fixture package for flakecheck's end-to-end tests: every test here has an exactly-known
/// outcome per run (see README.md). No dependencies; XCTest and Swift Testing come with the toolchain.
let package = Package(
    name: "KnownOutcomes",
    targets: [
        .target(name: "KnownOutcomes"),
        .testTarget(name: "AlphaTests", dependencies: ["KnownOutcomes"]),
        .testTarget(name: "BetaTests", dependencies: ["KnownOutcomes"]),
    ]
)

// Child processes that misbehave on purpose (flood, close their output, leave a grandchild, kill
// themselves, exit mid-test, fake a summary): only run when selected by name.
package.targets.append(.testTarget(name: "HostileTests", dependencies: ["KnownOutcomes"]))
