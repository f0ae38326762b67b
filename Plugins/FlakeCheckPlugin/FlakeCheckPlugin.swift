import Foundation
import PackagePlugin

/// `swift package flakecheck run --filter X --runs 100` in a package that depends on flakecheck.
///
/// The plugin builds the package's tests through the plugin API (`packageManager.build`): spawning
/// `swift build` from a plugin would wait forever for the build lock the running `swift package`
/// holds. It then runs flakecheck's own executable with `--no-build` and the folder of what was built
/// (`--bin-path`), so flakecheck never calls `swift build` either. Commands that run no tests (`parse`,
/// `report`, `merge`, `--help`) go straight through. A run that perturbs also gets the scheduler hook
/// library built the same way, and its path in `FLAKECHECK_HOOK_LIBRARY` (it is not next to the tool).
/// A `--sanitize thread` run is not built here: flakecheck builds it with the sanitizer in a folder of its
/// own; it gets the Mutex support library's path in `FLAKECHECK_SANITIZER_LIBRARY`.
@main
struct FlakeCheckPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        let flakecheck = try context.tool(named: "flakecheck")
        var arguments = arguments
        let command = arguments.first ?? ""
        let runsTests = ["run", "compare", "list"].contains(command)
            && !arguments.contains("--help") && !arguments.contains("-h") && !arguments.contains("--xcode")
        // The demo runs the example that ships with flakecheck, not the adopter's tests: point it there.
        if command == "demo", !arguments.contains("--package-path"), let flakecheckPackage = Self.flakecheckPackage(in: context.package) {
            arguments += ["--package-path", flakecheckPackage.directoryURL.appendingPathComponent("Examples/ConcurrencyStrategies").path]
        }
        let sanitizes = arguments.contains("--sanitize")
        if runsTests, !sanitizes {
            let release = zip(arguments, arguments.dropFirst()).contains { $0 == "--configuration" && $1 == "release" }
            var parameters = PackageManager.BuildParameters()
            parameters.configuration = release ? .release : .debug
            parameters.logging = .concise
            print("flakecheck: building the package's tests (\(release ? "release" : "debug"))…")
            let result = try packageManager.build(.all(includingTests: true), parameters: parameters)
            guard result.succeeded else {
                print(result.logText)
                throw FlakeCheckPluginError("the build failed; fix it and run `swift package flakecheck \(command) …` again")
            }
            let packageDirectory = context.package.directoryURL.path
            let binPath = result.builtArtifacts.first.map { $0.url.deletingLastPathComponent().path }
                ?? "\(packageDirectory)/.build/\(release ? "release" : "debug")"
            if !arguments.contains("--package-path") { arguments += ["--package-path", packageDirectory] }
            arguments += ["--no-build", "--bin-path", binPath]
        }
        let process = Process()
        process.executableURL = flakecheck.url
        process.arguments = arguments
        // Every command that runs tests gets the scheduler hook: --hunt and its arms, --explore-schedules,
        // --shorten-sleeps, --evidence and the demo's recorder all load it, and a list of the flags that need
        // it here went stale (it once built the hook for --perturb only). Built once, then up to date.
        if runsTests, let library = try buildLibrary("FlakeCheckSchedulerHook", purpose: "runs will not delay jobs") {
            process.environment = ProcessInfo.processInfo.environment.merging(["FLAKECHECK_HOOK_LIBRARY": library]) { $1 }
        }
        if runsTests, sanitizes, let library = try buildLibrary("FlakeCheckSanitizerSupport",
                                                                purpose: "accesses under a contended Mutex may be reported") {
            process.environment = ProcessInfo.processInfo.environment.merging(["FLAKECHECK_SANITIZER_LIBRARY": library]) { $1 }
        }
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            // The plugin's own exit status is what `swift package` exits with: the gate still gates.
            #if os(macOS)
            let sandboxHint = " (on macOS, tests that open sockets or write outside the package need "
                + "`swift package --disable-sandbox flakecheck …`)"
            #else
            let sandboxHint = ""
            #endif
            throw FlakeCheckPluginError("flakecheck exited with status \(process.terminationStatus)\(sandboxHint)")
        }
    }
}

extension FlakeCheckPlugin {
    /// The flakecheck package among `package`'s dependencies (direct or not): the one whose products
    /// include the `flakecheck` executable.
    static func flakecheckPackage(in package: Package) -> Package? {
        var queue = package.dependencies.map(\.package)
        var seen: Set<String> = []
        while !queue.isEmpty {
            let candidate = queue.removeFirst()
            guard seen.insert(candidate.id).inserted else { continue }
            if candidate.products.contains(where: { $0.name == "flakecheck" }) { return candidate }
            queue += candidate.dependencies.map(\.package)
        }
        return nil
    }

    /// One of flakecheck's preloaded C libraries (`libFlakeCheckSchedulerHook.so`,
    /// `libFlakeCheckSanitizerSupport.so`), built through the plugin API; nil (and flakecheck says what is
    /// off) where it cannot be built or is not used (macOS).
    func buildLibrary(_ product: String, purpose: String) throws -> String? {
        #if os(Linux)
        let result = try packageManager.build(.product(product), parameters: .init())
        guard result.succeeded else {
            print("flakecheck: could not build \(product); \(purpose).\n\(result.logText)")
            return nil
        }
        return result.builtArtifacts.first { $0.url.lastPathComponent.hasSuffix(".so") }?.url.path
        #else
        return nil
        #endif
    }
}

struct FlakeCheckPluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
