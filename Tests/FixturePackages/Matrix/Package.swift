// swift-tools-version: 6.0
import PackageDescription

/// Fixture package for flakecheck's end-to-end tests: every Swift Testing and XCTest feature flakecheck
/// must attribute, and tests that misbehave on purpose. The outcome of every test in every run is written
/// in `expectations.json` before any run. No dependencies.
let package = Package(
    name: "Matrix",
    targets: [
        .target(name: "MatrixSupport"),
        .testTarget(name: "XCFeatures", dependencies: ["MatrixSupport"]),
        .testTarget(name: "XCTwins", dependencies: ["MatrixSupport"]),
        .testTarget(name: "STFeatures", dependencies: ["MatrixSupport"]),
        .testTarget(name: "Hostile", dependencies: ["MatrixSupport"]),
        .testTarget(name: "HostileExit", dependencies: ["MatrixSupport"]),
    ]
)
