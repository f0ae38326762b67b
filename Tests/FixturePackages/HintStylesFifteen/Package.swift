// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "HintStylesFifteen",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "PawModel", targets: ["PawModel"]),
        .library(name: "PawServices", targets: ["PawServices"]),
    ],
    targets: [
        .target(
            name: "PawModel",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .target(
            name: "PawServices",
            dependencies: ["PawModel"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "PawClinicTests",
            dependencies: ["PawModel", "PawServices"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ],
    swiftLanguageModes: [.v5]
)
