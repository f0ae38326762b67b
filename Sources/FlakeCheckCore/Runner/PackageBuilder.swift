import Foundation

/// Builds the package's tests once (`swift build --build-tests`) and finds the test binary.
public struct PackageBuilder: Sendable {
    public var packagePath: String
    public var configuration: String
    public var swiftExecutable: String
    public var environment: [String: String]
    public var launcher: any ProcessLaunching

    public init(packagePath: String, configuration: String, swiftExecutable: String = "swift",
                environment: [String: String], launcher: any ProcessLaunching) {
        self.packagePath = packagePath
        self.configuration = configuration
        self.swiftExecutable = swiftExecutable
        self.environment = environment
        self.launcher = launcher
    }

    /// Builds; on failure throws with the compiler's error lines (and the tail of the output), which is
    /// what the user needs to fix it. `progress` receives the build's output lines as they come.
    public func build(cancellation: CancellationFlag, progress: (String) -> Void) throws {
        let arguments = ["build", "--build-tests", "--package-path", packagePath, "--configuration", configuration]
        var splitter = LineSplitter()
        var diagnostics: [String] = []
        var tail: [String] = []
        let exit = try launcher.run(request(arguments), cancellation: cancellation) { bytes in
            splitter.feed(bytes) { bytes in
                let line = bytes.string
                progress(line)
                if line.contains("error:") && diagnostics.count < 60 { diagnostics.append(line) }
                tail.append(line)
                if tail.count > 30 { tail.removeFirst() }
            }
        }
        splitter.finish { tail.append($0.string) }
        guard exit.succeeded else {
            let shown = diagnostics.isEmpty ? tail : diagnostics
            throw FlakeCheckError.buildFailed(
                command: "swift " + arguments.joined(separator: " "), diagnostics: shown.joined(separator: "\n"))
        }
    }

    /// The `<Package>PackageTests.xctest` executable in the build's bin folder.
    public func testBinary(cancellation: CancellationFlag) throws -> String {
        var output = [UInt8]()
        let arguments = ["build", "--show-bin-path", "--package-path", packagePath, "--configuration", configuration]
        let exit = try launcher.run(request(arguments), cancellation: cancellation) { output += $0 }
        let text = String(decoding: output, as: UTF8.self)
        guard exit.succeeded, let binPath = text.split(separator: "\n").last.map(String.init) else {
            throw FlakeCheckError.discoveryFailed("`swift build --show-bin-path` failed: \(text)")
        }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: binPath)) ?? []
        guard let product = contents.filter({ $0.hasSuffix("PackageTests.xctest") }).sorted().first else {
            throw FlakeCheckError.testBinaryMissing(binPath)
        }
        return "\(binPath)/\(product)"
    }

    private func request(_ arguments: [String]) -> ProcessRequest {
        ProcessRequest(executable: swiftExecutable, arguments: arguments, environment: environment,
                       workingDirectory: packagePath)
    }
}
