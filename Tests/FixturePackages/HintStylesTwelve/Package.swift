// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "HintStylesTwelve",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "ConciergeCore", targets: ["ConciergeCore"]),
        .library(name: "ConciergeServices", targets: ["ConciergeServices"]),
    ],
    targets: [
        .target(
            name: "ConciergeCore",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .target(
            name: "ConciergeServices",
            dependencies: ["ConciergeCore"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "ConciergeServicesTests",
            dependencies: ["ConciergeCore", "ConciergeServices"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ],
    swiftLanguageModes: [.v5]
)
