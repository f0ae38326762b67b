// swift-tools-version: 6.0
import PackageDescription

/// Fixture package for flakecheck: every Swift Testing and XCTest feature flakecheck must attribute, and
/// tests that misbehave on purpose. Every test's outcome in every run is written in `expectations.json`,
/// from the design, before flakecheck ever ran here. No dependencies: Foundation, XCTest, Testing, Glibc.
let package = Package(
    name: "FeatureMatrix",
    targets: [
        .target(name: "MatrixSupport"),
        .testTarget(name: "MatrixXCTests", dependencies: ["MatrixSupport"]),
        .testTarget(name: "MatrixTwins", dependencies: ["MatrixSupport"]),
        .testTarget(name: "MatrixSwiftTesting", dependencies: ["MatrixSupport"]),
        .testTarget(name: "MatrixHostile", dependencies: ["MatrixSupport"]),
    ]
)
