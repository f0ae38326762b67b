// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "HintStylesThirteen",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "EncoreModel", targets: ["EncoreModel"]),
        .library(name: "EncoreSync", targets: ["EncoreSync"]),
    ],
    targets: [
        .target(
            name: "EncoreModel",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .target(
            name: "EncoreSync",
            dependencies: ["EncoreModel"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "EncoreSyncTests",
            dependencies: ["EncoreModel", "EncoreSync"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ],
    swiftLanguageModes: [.v5]
)
