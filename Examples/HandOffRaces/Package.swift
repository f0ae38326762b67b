// swift-tools-version: 6.0
import PackageDescription

// Work handed to a task nobody awaits, across actor hops, and checked later: ordering races that fail
// rarely in plain runs, written to measure which of flakecheck's modes finds them soonest and that no
// mode hides them. Each racy test has a gated twin that must pass every run under every mode.
let package = Package(
    name: "HandOffRaces",
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "HandOffRaces"),
        .testTarget(name: "HandOffRacesTests", dependencies: ["HandOffRaces"]),
    ]
)
