// swift-tools-version: 6.0
import PackageDescription

// Courier: the order pipeline behind a food-delivery courier app
// (order intake, kitchen tickets, courier assignment, ETA, live tracking, receipts).
let package = Package(
    name: "HintStylesEleven",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "CourierModel", targets: ["CourierModel"]),
        .library(name: "CourierServices", targets: ["CourierServices"]),
    ],
    targets: [
        .target(
            name: "CourierModel",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .target(
            name: "CourierServices",
            dependencies: ["CourierModel"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "CourierServicesTests",
            dependencies: ["CourierModel", "CourierServices"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ],
    swiftLanguageModes: [.v5]
)
