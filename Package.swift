// swift-tools-version: 6.0
import PackageDescription

/// flakecheck has no package dependencies on purpose: Foundation, Dispatch, XCTest and Swift Testing
/// from the toolchain are all it needs, so it builds anywhere a Swift toolchain does.
/// The library's layers, bottom to top; the tests see all of them.
let layers: [Target.Dependency] = [
    "FlakeCheckModel", "FlakeCheckSupport", "FlakeCheckParsing", "FlakeCheckAnalysis", "FlakeCheckRunner",
    "FlakeCheckReporting", "FlakeCheckCLI",
]

let package = Package(
    name: "flakecheck",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "flakecheck", targets: ["flakecheck"]),
        // report.json's schema, for a package that reads flakecheck's reports (`FlakeReport` is Decodable).
        .library(name: "FlakeCheckModel", targets: ["FlakeCheckModel"]),
        // `run --perturb` loads this into test processes (LD_PRELOAD): a C target, not a dependency.
        .library(name: "FlakeCheckSchedulerHook", type: .dynamic, targets: ["FlakeCheckSchedulerHook"]),
        // `run --sanitize thread` loads this into test processes: it shows ThreadSanitizer `Mutex`'s locking.
        .library(name: "FlakeCheckSanitizerSupport", type: .dynamic, targets: ["FlakeCheckSanitizerSupport"]),
        // `swift package flakecheck run …` in a package that depends on this one.
        .plugin(name: "FlakeCheckPlugin", targets: ["FlakeCheckPlugin"]),
    ],
    targets: [
        .executableTarget(name: "flakecheck", dependencies: ["FlakeCheckCLI", "FlakeCheckSupport"]),
        // Scripts/parser-throughput.sh: the console parser's speed on its own.
        .executableTarget(name: "parser-benchmark", dependencies: ["FlakeCheckParsing", "FlakeCheckReporting"]),
        // One target per layer (ARCHITECTURE.md): an import the picture forbids does not compile. Each depends
        // on the layers below it that its files import, no more (ArchitectureTests).
        .target(name: "FlakeCheckModel"),
        .target(name: "FlakeCheckSupport", dependencies: ["FlakeCheckModel"]),
        .target(name: "FlakeCheckParsing", dependencies: ["FlakeCheckModel"]),
        .target(name: "FlakeCheckAnalysis", dependencies: ["FlakeCheckModel", "FlakeCheckSupport", "FlakeCheckParsing"]),
        .target(name: "FlakeCheckRunner", dependencies: [
            "FlakeCheckModel", "FlakeCheckSupport", "FlakeCheckParsing", "FlakeCheckAnalysis", "FlakeCheckIndexStore",
            "FlakeCheckProcessSupport",
        ]),
        .target(name: "FlakeCheckReporting", dependencies: [
            "FlakeCheckModel", "FlakeCheckSupport", "FlakeCheckParsing", "FlakeCheckAnalysis",
        ]),
        .target(name: "FlakeCheckCLI", dependencies: [
            "FlakeCheckModel", "FlakeCheckSupport", "FlakeCheckParsing", "FlakeCheckAnalysis", "FlakeCheckRunner",
            "FlakeCheckReporting",
        ]),
        // Opens the toolchain's libIndexStore.so with dlopen: the compiler's index, read for hints.
        .target(name: "FlakeCheckIndexStore", linkerSettings: [.linkedLibrary("dl")]),
        // Starts test processes with a parent-death signal, and reaps what they leave: fork and exec in C.
        .target(name: "FlakeCheckProcessSupport"),
        .target(name: "FlakeCheckSchedulerHook", linkerSettings: [.linkedLibrary("pthread"), .linkedLibrary("dl")]),
        .target(name: "FlakeCheckSanitizerSupport", linkerSettings: [.linkedLibrary("dl")]),
        .plugin(
            name: "FlakeCheckPlugin",
            capability: .command(
                // No declared permission: it would make `swift package` stop and ask on every run. On macOS,
                // whose plugin sandbox blocks writing reports and the tests' own sockets and files, the
                // command is `swift package --disable-sandbox flakecheck …`.
                intent: .custom(verb: "flakecheck", description: "Run tests many times and tell flaky from stable")),
            dependencies: ["flakecheck"]
        ),
        .testTarget(
            name: "FlakeCheckCoreTests",
            dependencies: layers,
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "FlakeCheckEndToEndTests",
            dependencies: layers
        ),
    ]
)
