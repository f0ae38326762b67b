// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "PhotoSync",
    products: [
        .library(name: "PhotoSync", targets: ["PhotoSync"]),
    ],
    targets: [
        .target(name: "PhotoSync"),
        .testTarget(name: "PhotoSyncTests", dependencies: ["PhotoSync"]),
    ]
)
