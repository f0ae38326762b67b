// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "CurbSide",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "ParkingKit", targets: ["ParkingKit"]),
    ],
    targets: [
        .target(name: "ParkingCore"),
        .target(name: "ParkingKit", dependencies: ["ParkingCore"]),
        .testTarget(name: "ParkingKitTests", dependencies: ["ParkingKit", "ParkingCore"]),
    ]
)
