// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Lending",
    products: [.library(name: "Lending", targets: ["Lending"])],
    targets: [
        .target(name: "Lending"),
        .testTarget(name: "LendingTests", dependencies: ["Lending"]),
    ]
)
