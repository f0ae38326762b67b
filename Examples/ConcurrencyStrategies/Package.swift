// swift-tools-version: 6.0
import PackageDescription

/// A catalogue of ways to test Swift concurrency code, some deterministic and some racy on purpose.
/// Every strategy has one XCTest and one Swift Testing test (or a pair, for the strategies whose
/// hazard only shows when two tests run at the same time). See README.md and strategies.json.
let package = Package(
    name: "ConcurrencyStrategies",
    platforms: [.macOS(.v15)],  // Synchronization.Mutex
    products: [
        .library(name: "ConcurrencyStrategies", targets: ["ConcurrencyStrategies"]),
    ],
    targets: [
        .target(name: "ConcurrencyStrategies"),
        .testTarget(name: "ConcurrencyStrategiesTests", dependencies: ["ConcurrencyStrategies"]),
    ]
)
