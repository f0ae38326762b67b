// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ThermoKit",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "ThermoKit", targets: ["ThermoKit"]),
    ],
    targets: [
        .target(name: "ThermoKit"),
        .testTarget(name: "ThermoKitTests", dependencies: ["ThermoKit"]),
    ]
)
