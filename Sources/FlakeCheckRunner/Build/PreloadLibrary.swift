import Foundation

/// A C library of this package that flakecheck loads into test processes (`LD_PRELOAD`): SwiftPM builds
/// it next to the flakecheck executable, `Scripts/install.sh` installs it there, and an environment
/// variable names another copy. Linux only: on macOS, System Integrity Protection strips
/// `DYLD_INSERT_LIBRARIES` from some processes.
package enum PreloadLibrary {
    /// The libraries flakecheck preloads, with the SwiftPM product that builds each.
    package static let products = [
        ("libFlakeCheckSchedulerHook.so", "FlakeCheckSchedulerHook"),
        ("libFlakeCheckSanitizerSupport.so", "FlakeCheckSanitizerSupport"),
    ]

    package static func locate(_ fileName: String, override key: String, environment: [String: String]) -> String? {
        if let path = environment[key], !path.isEmpty { return path }
        guard let folder = executableFolder else { return nil }
        let candidate = folder + "/" + fileName
        return FileManager.default.fileExists(atPath: candidate) ? candidate : nil
    }

    /// Where the running flakecheck is (Linux).
    static var executableFolder: String? {
        #if os(Linux)
            guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
                return nil
            }
            return URL(fileURLWithPath: executable).deletingLastPathComponent().path
        #else
            return nil
        #endif
    }

    /// `swift run flakecheck` builds the flakecheck product alone, so on a fresh clone the libraries it
    /// preloads are missing: when flakecheck runs from its own package's build folder
    /// (`<package>/.build/<triple>/<configuration>/`), the missing ones are built there, once, the way
    /// `swift build` would. Elsewhere (an installed copy) nothing is built. Returns the products built.
    package static func buildMissing(
        launcher: any ProcessLaunching, environment: [String: String],
        cancellation: CancellationFlag, status: (String) -> Void
    ) -> [String] {
        guard let folder = executableFolder, let package = ownPackage(buildFolder: folder) else { return [] }
        let missing = products.filter { !FileManager.default.fileExists(atPath: folder + "/" + $0.0) }.map(\.1)
        guard !missing.isEmpty else { return [] }
        status(
            "Building \(missing.joined(separator: " and ")) next to flakecheck (`swift run` builds flakecheck alone)…")
        var built: [String] = []
        for product in missing {
            let request = ProcessRequest(
                executable: "swift",
                arguments: ["build", "--product", product, "--configuration", package.configuration],
                environment: environment, workingDirectory: package.root)
            guard let exit = try? launcher.run(request, cancellation: cancellation, onOutput: { _ in }), exit.succeeded
            else {
                status("Could not build \(product): run `swift build --product \(product)` in \(package.root)")
                continue
            }
            built.append(product)
        }
        return built
    }

    /// The package (and configuration) whose SwiftPM build folder `folder` is, if it is flakecheck's own.
    static func ownPackage(buildFolder folder: String) -> (root: String, configuration: String)? {
        let url = URL(fileURLWithPath: folder).resolvingSymlinksInPath()
        let configuration = url.lastPathComponent
        guard configuration == "debug" || configuration == "release" else { return nil }
        var ancestor = url.deletingLastPathComponent()
        while ancestor.path != "/" && ancestor.lastPathComponent != ".build" {
            ancestor = ancestor.deletingLastPathComponent()
        }
        guard ancestor.lastPathComponent == ".build" else { return nil }
        let root = ancestor.deletingLastPathComponent().path
        guard let manifest = try? String(contentsOfFile: root + "/Package.swift", encoding: .utf8),
            manifest.contains("\"FlakeCheckSchedulerHook\"")
        else { return nil }
        return (root, configuration)
    }
}
