// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "RareHandOff",
    targets: [
        .target(name: "RareHandOff"),
        .testTarget(name: "RareHandOffTests", dependencies: ["RareHandOff"]),
    ]
)
