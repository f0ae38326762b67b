// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "HiddenRaces",
    targets: [
        .target(name: "Journal"),
        .testTarget(name: "JournalTests", dependencies: ["Journal"]),
    ]
)
