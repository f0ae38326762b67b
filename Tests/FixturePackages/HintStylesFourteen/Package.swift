// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "HintStylesFourteen",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "GatewayModel", targets: ["GatewayModel"]),
        .library(name: "GatewayServices", targets: ["GatewayServices"]),
    ],
    targets: [
        .target(
            name: "GatewayModel",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .target(
            name: "GatewayServices",
            dependencies: ["GatewayModel"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "GatewayTests",
            dependencies: ["GatewayModel", "GatewayServices"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ],
    swiftLanguageModes: [.v5]
)
