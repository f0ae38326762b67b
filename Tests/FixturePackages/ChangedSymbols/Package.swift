// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ChangedSymbols",
    targets: [
        .target(name: "Ledger"),
        .testTarget(name: "LedgerTests", dependencies: ["Ledger"]),
    ]
)
