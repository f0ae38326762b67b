// swift-tools-version: 6.0
import PackageDescription

/// flakecheck has no package dependencies on purpose: Foundation, Dispatch, XCTest and Swift Testing
/// from the toolchain are all it needs, so it builds anywhere a Swift toolchain does.
let package = Package(
    name: "flakecheck",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "flakecheck", targets: ["flakecheck"]),
        .library(name: "FlakeCheckCore", targets: ["FlakeCheckCore"]),
    ],
    targets: [
        .executableTarget(name: "flakecheck", dependencies: ["FlakeCheckCore"]),
        // Scripts/parser-throughput.sh: the console parser's speed on its own.
        .executableTarget(name: "parser-benchmark", dependencies: ["FlakeCheckCore"]),
        .target(name: "FlakeCheckCore"),
        .testTarget(
            name: "FlakeCheckCoreTests",
            dependencies: ["FlakeCheckCore"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "FlakeCheckEndToEndTests",
            dependencies: ["FlakeCheckCore"]
        ),
    ]
)
