// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "RideDispatch",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "RideDispatch", targets: ["RideDispatch"]),
    ],
    targets: [
        .target(name: "RideDispatch"),
        .testTarget(name: "RideDispatchTests", dependencies: ["RideDispatch"]),
    ]
)
