// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "WaitKinds",
    targets: [
        .target(name: "WaitKinds"),
        .testTarget(name: "WaitKindsTests", dependencies: ["WaitKinds"]),
    ]
)
