// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "HintStyles",
    targets: [
        .target(name: "Downloads"),
        .testTarget(name: "DownloadsTests", dependencies: ["Downloads"]),
    ]
)
