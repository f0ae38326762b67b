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
