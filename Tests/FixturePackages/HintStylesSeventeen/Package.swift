// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Mooring",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "MooringModel", targets: ["MooringModel"]),
        .library(name: "MooringServices", targets: ["MooringServices"]),
    ],
    targets: [
        .target(
            name: "MooringModel",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .target(
            name: "MooringServices",
            dependencies: ["MooringModel"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "MooringTests",
            dependencies: ["MooringModel", "MooringServices"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ],
    swiftLanguageModes: [.v5]
)
