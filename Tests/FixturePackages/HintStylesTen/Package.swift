// swift-tools-version: 6.0
import PackageDescription

// DripLine: greenhouse irrigation controller.
// Every target stays in the Swift 5 language mode so that strict-concurrency
// findings show up as warnings instead of stopping the build.
let package = Package(
    name: "HintStylesTen",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "IrrigationCore", targets: ["IrrigationCore"]),
        .library(name: "IrrigationKit", targets: ["IrrigationKit"]),
    ],
    targets: [
        .target(
            name: "IrrigationCore",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .target(
            name: "IrrigationKit",
            dependencies: ["IrrigationCore"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "IrrigationKitTests",
            dependencies: ["IrrigationCore", "IrrigationKit"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ],
    swiftLanguageModes: [.v5]
)
