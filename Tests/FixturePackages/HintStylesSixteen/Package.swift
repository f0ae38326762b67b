// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "HintStylesSixteen",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "GalleyModel", targets: ["GalleyModel"]),
        .library(name: "GalleyServices", targets: ["GalleyServices"]),
    ],
    targets: [
        .target(
            name: "GalleyModel",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .target(
            name: "GalleyServices",
            dependencies: ["GalleyModel"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "GalleyTests",
            dependencies: ["GalleyModel", "GalleyServices"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ],
    swiftLanguageModes: [.v5]
)
