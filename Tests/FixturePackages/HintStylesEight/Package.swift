// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "PodcastKit",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "PodcastKit", targets: ["PodcastKit"]),
    ],
    targets: [
        .target(name: "PodcastKit"),
        .testTarget(name: "PodcastKitTests", dependencies: ["PodcastKit"]),
    ]
)
