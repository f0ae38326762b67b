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
                + (exit.signal.map { "signal \($0)" } ?? "status \(exit.exitCode ?? -1)") + ":\n" + text.suffix(2000))
        }
        return text
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
