// swift-tools-version: 6.0
import PackageDescription

// The seeds' `nonisolated(unsafe)` shortcuts as real data races, for `--sanitize thread` to find: each
// test passes most of the time without the sanitizer, so plain runs find them late or never.
let package = Package(
    name: "UncheckedGlobals",
    targets: [
        .target(name: "UncheckedGlobals"),
        .testTarget(name: "UncheckedGlobalsTests", dependencies: ["UncheckedGlobals"]),
    ]
)
