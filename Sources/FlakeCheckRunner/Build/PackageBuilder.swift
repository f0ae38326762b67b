import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckSupport
import Foundation

/// Builds the package's tests once (`swift build --build-tests`) and finds the test binary.
package struct PackageBuilder: Sendable {
    package var packagePath: String
    package var configuration: String
    package var swiftExecutable: String
    package var environment: [String: String]
    package var launcher: any ProcessLaunching
    /// Where the build put the test binary, when the caller knows (the plugin); otherwise asked of SwiftPM.
    package var binPath: String?
    /// `--sanitize thread`: every `swift build` gets the sanitizer and its own scratch folder.
    package var sanitizer: Sanitizer?

    package init(
        packagePath: String, configuration: String, swiftExecutable: String = "swift",
        environment: [String: String], launcher: any ProcessLaunching
    ) {
        self.packagePath = packagePath
        self.configuration = configuration
        self.swiftExecutable = swiftExecutable
        self.environment = environment
        self.launcher = launcher
    }

    /// Builds; on failure throws with the compiler's error lines (and the tail of the output), which is
    /// what the user needs to fix it. `progress` receives the build's output lines as they come.
    package func build(cancellation: CancellationFlag, progress: (String) -> Void) throws {
        let arguments =
            ["build", "--build-tests", "--package-path", packagePath, "--configuration", configuration]
            + sanitizerArguments
        var splitter = LineSplitter()
        var output = BuildOutputTail()
        var buildRequest = request(arguments)
        buildRequest.stopsWholeSession = true
        let exit = try launcher.run(buildRequest, cancellation: cancellation) { bytes in
            splitter.feed(bytes) { bytes in
                let line = bytes.string
                progress(line)
                output.append(line)
            }
        }
        splitter.finish { output.append($0.string) }
        if exit.interrupted || cancellation.isCancelled {
            throw FlakeCheckError.interrupted(
                during: exit.lingering.map {
                    $0 > 0
                        ? "the build: `swift build` was stopped, but \($0) of its compiler processes still ran after "
                            + "flakecheck waited for them"
                        : "the build: `swift build` and every compiler it started were stopped"
                }
                    ?? "the build: `swift build` and its process group were stopped")
        }
        guard exit.succeeded else {
            throw FlakeCheckError.buildFailed(
                command: "swift " + arguments.joined(separator: " "), diagnostics: output.diagnostics)
        }
    }

    /// The `<Package>PackageTests.xctest` executable in the build's bin folder.
    package func testBinary(cancellation: CancellationFlag) throws -> String {
        let binPath = try self.binPath ?? knownBinPath() ?? showBinPath(cancellation: cancellation)
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: binPath)) ?? []
        guard let product = contents.filter({ $0.hasSuffix("PackageTests.xctest") }).sorted().first else {
            throw FlakeCheckError.testBinaryMissing(binPath)
        }
        return "\(binPath)/\(product)"
    }

    /// The bin folder without asking SwiftPM (`swift build --show-bin-path` took most of a start: Benchmarks.md,
    /// "Measurements behind the code"):
    /// on Linux SwiftPM keeps `.build/<configuration>` as a symlink to `<triple>/<configuration>`, the
    /// folder it would name. Only that layout is trusted, and only with a test product in it; anything
    /// else (no symlink, a plain folder, nothing built) asks SwiftPM as before.
    func knownBinPath() -> String? {
        #if os(Linux)
            let link = "\(sanitizer?.scratchPath(packagePath: packagePath) ?? packagePath + "/.build")/\(configuration)"
            guard (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) != nil else { return nil }
            let folder = URL(fileURLWithPath: link).resolvingSymlinksInPath().path
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return contents.contains { $0.hasSuffix("PackageTests.xctest") } ? folder : nil
        #else
            return nil
        #endif
    }

    private func showBinPath(cancellation: CancellationFlag) throws -> String {
        var output = [UInt8]()
        let arguments =
            ["build", "--show-bin-path", "--package-path", packagePath, "--configuration", configuration]
            + sanitizerArguments
        let exit = try launcher.run(request(arguments), cancellation: cancellation) { output += $0 }
        let text = String(decoding: output, as: UTF8.self)
        guard exit.succeeded, let binPath = text.split(separator: "\n").last.map(String.init) else {
            throw FlakeCheckError.discoveryFailed("`swift build --show-bin-path` failed: \(text)")
        }
        return binPath
    }

    /// `swift test list --skip-build`: how tests are discovered where the test product is a bundle no
    /// process can start by itself (macOS). XCTest IDs are `Module.Class/method`; Swift Testing IDs end in
    /// a parameter list, `Module.Suite/name()`, which is how the two are told apart.
    package func listedTests(cancellation: CancellationFlag) throws -> [TestIdentity] {
        var output = [UInt8]()
        let arguments =
            ["test", "list", "--skip-build", "--package-path", packagePath, "--configuration", configuration]
            + sanitizerArguments
        let exit = try launcher.run(request(arguments), cancellation: cancellation) { output += $0 }
        let text = String(decoding: output, as: UTF8.self)
        guard exit.succeeded else {
            throw FlakeCheckError.discoveryFailed(
                "`swift \(arguments.joined(separator: " "))` failed:\n\(text.suffix(2000))")
        }
        return Self.parseTestList(text)
    }

    package static func parseTestList(_ output: String) -> [TestIdentity] {
        TestDiscoverer.parseSwiftTestingList(output).map {
            TestIdentity(canonicalID: $0, framework: $0.hasSuffix(")") ? .swiftTesting : .xctest)
        }
    }

    /// `Swift version 6.3.1 (swift-6.3.1-RELEASE), x86_64-unknown-linux-gnu`, for the report: flaky rates
    /// can change with the toolchain, so a report says which one ran the tests. Nil if it cannot be read.
    package func toolchainVersion(cancellation: CancellationFlag) -> String? {
        var output = [UInt8]()
        guard
            let exit = try? launcher.run(
                request(["--version"]), cancellation: cancellation, onOutput: { output += $0 }),
            exit.succeeded
        else { return nil }
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        guard let version = lines.first(where: { $0.contains("Swift version") }) else { return nil }
        let target = lines.first { $0.hasPrefix("Target: ") }.map { ", " + $0.dropFirst("Target: ".count) } ?? ""
        return version.trimmingCharacters(in: .whitespaces) + target
    }

    private var sanitizerArguments: [String] { sanitizer?.buildArguments(packagePath: packagePath) ?? [] }

    private func request(_ arguments: [String]) -> ProcessRequest {
        ProcessRequest(
            executable: swiftExecutable, arguments: arguments, environment: environment,
            workingDirectory: packagePath)
    }
}
