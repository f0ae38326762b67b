// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "HintStylesTwo",
    targets: [
        .target(name: "Inbox"),
        .testTarget(name: "InboxTests", dependencies: ["Inbox"]),
    ]
)
