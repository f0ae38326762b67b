// swift-tools-version: 6.0
import PackageDescription

// The seeds' `nonisolated(unsafe)` patterns as data races ThreadSanitizer sees in every run: the outcome
// of every test and every sanitizer finding is written down in expectations.json.
let package = Package(
    name: "DataRaces",
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "Ledger"),
        .testTarget(name: "LedgerTests", dependencies: ["Ledger"]),
    ]
)
