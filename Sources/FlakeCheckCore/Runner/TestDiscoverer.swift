import Foundation

/// Lists a package's tests with their canonical IDs by asking the built test binary, once per library:
/// `<bin> --list-tests` (XCTest: a `Listing N tests` header, then `Module.Class/method` lines) and
/// `<bin> --testing-library swift-testing --list-tests` (one ID per line, with `/File.swift:L:C` only
/// where two tests would otherwise share an ID). Also reads the event stream the listing writes, for
/// display names and source locations.
public struct TestDiscoverer: Sendable {
    public var testBinary: String
    public var environment: [String: String]
    public var workingDirectory: String
    public var scratchDirectory: String
    public var launcher: any ProcessLaunching

    public init(testBinary: String, environment: [String: String], workingDirectory: String,
                scratchDirectory: String, launcher: any ProcessLaunching) {
        self.testBinary = testBinary
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.scratchDirectory = scratchDirectory
        self.launcher = launcher
    }

    public func discover(cancellation: CancellationFlag) throws -> TestCatalog {
        let xctestOutput = try list(["--list-tests"], cancellation: cancellation)
        let eventStream = "\(scratchDirectory)/discovery.jsonl"
        let swiftTestingOutput = try list(
            ["--testing-library", "swift-testing", "--list-tests", "--event-stream-output-path", eventStream,
             "--event-stream-version", "0"], cancellation: cancellation)
        var catalog = TestCatalog(
            Self.parseXCTestList(xctestOutput).map { TestIdentity(canonicalID: $0, framework: .xctest) }
            + Self.parseSwiftTestingList(swiftTestingOutput).map {
                TestIdentity(canonicalID: $0, framework: .swiftTesting) })
        catalog.enrich(with: EventStreamFile.read(at: eventStream).declarations.values)
        return catalog
    }

    private func list(_ arguments: [String], cancellation: CancellationFlag) throws -> String {
        var output = [UInt8]()
        let exit = try launcher.run(
            ProcessRequest(executable: testBinary, arguments: arguments, environment: environment,
                           workingDirectory: workingDirectory, timeout: 120),
            cancellation: cancellation) { output += $0 }
        let text = String(decoding: output, as: UTF8.self)
        // 69 is Swift Testing's "no tests": a package with XCTest only lists nothing, which is fine.
        guard exit.exitCode == 0 || exit.exitCode == 69 else {
            throw FlakeCheckError.discoveryFailed(
                "`\(testBinary) \(arguments.joined(separator: " "))` ended with "
                + (exit.signal.map { "signal \($0)" } ?? "status \(exit.exitCode ?? -1)") + ":\n" + Self.gist(of: text))
        }
        return text
    }

    /// What a failed listing said, the line that matters first: the runtime's `Fatal error: …` (or the
    /// first `error:` line) before the last 10 lines of the output, not after 40 lines of backtrace.
    static func gist(of output: String) -> String {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let cause = lines.first { $0.contains("Fatal error:") } ?? lines.first { $0.contains("*** Program crashed") }
            ?? lines.first { $0.contains("error:") }
        let tail = lines.suffix(10).joined(separator: "\n")
        guard let cause else { return tail }
        return cause + "\n(last lines of its output:)\n" + tail
    }

    static func parseXCTestList(_ output: String) -> [String] {
        output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("Listing ") && $0.contains("/") && !$0.contains(" ") }
    }

    static func parseSwiftTestingList(_ output: String) -> [String] {
        output.split(separator: "\n").map { ANSIEscapes.strip(String($0)).trimmingCharacters(in: .whitespaces) }
            .filter { line in
                guard let first = line.first, first.isLetter || first == "_" else { return false }
                return line.contains(".") && !line.hasPrefix("Listing ")
            }
    }
}
