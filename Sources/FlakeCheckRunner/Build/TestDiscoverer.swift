import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckSupport
import Foundation

/// Lists a package's tests with their canonical IDs by asking the built test binary, once per library:
/// `<bin> --list-tests` (XCTest: a `Listing N tests` header, then `Module.Class/method` lines) and
/// `<bin> --testing-library swift-testing --list-tests` (one ID per line, with `/File.swift:L:C` only
/// where two tests would otherwise share an ID). Also reads the event stream the listing writes, for
/// display names and source locations.
package struct TestDiscoverer: Sendable {
    package var testBinary: String
    package var environment: [String: String]
    package var workingDirectory: String
    package var scratchDirectory: String
    package var launcher: any ProcessLaunching

    package init(
        testBinary: String, environment: [String: String], workingDirectory: String,
        scratchDirectory: String, launcher: any ProcessLaunching
    ) {
        self.testBinary = testBinary
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.scratchDirectory = scratchDirectory
        self.launcher = launcher
    }

    /// The tests of the binary, and why the listing was not read whole when it was not: a Swift Testing
    /// list whose event stream could not be written or read (a full disk) is taken from the console's IDs
    /// instead, and such a listing must never be cached.
    package struct Listing {
        package var catalog: TestCatalog
        /// Swift Testing tests the console listed while the event stream declared none: 0 when the listing
        /// was read whole.
        package var undeclared: Int
        /// Whether the listing wrote its event stream at all.
        package var wroteEventStream: Bool
    }

    package func listing(cancellation: CancellationFlag) throws -> Listing {
        let xctestOutput = try list(["--list-tests"], cancellation: cancellation)
        let eventStream = "\(scratchDirectory)/discovery.jsonl"
        try? FileManager.default.removeItem(atPath: eventStream)
        let swiftTestingOutput = try list(
            [
                "--testing-library", "swift-testing", "--list-tests", "--event-stream-output-path", eventStream,
                "--event-stream-version", "0",
            ], cancellation: cancellation)
        // A binary without Swift Testing (a package of tools version 5, whose generated `main` knows only
        // XCTest) runs XCTest instead and writes no event stream: its output lists no Swift Testing test.
        let wroteEventStream = FileManager.default.fileExists(atPath: eventStream)
        let declarations = EventStreamFile.read(at: eventStream).declarations.values
        let swiftTestingIDs =
            wroteEventStream
            ? Self.parseSwiftTestingList(swiftTestingOutput, declared: declarations.filter { !$0.isSuite }.map(\.id))
            : []
        let xctestIDs = Self.parseXCTestList(xctestOutput)
        // A stream that was created but declared nothing while the console listed IDs beyond XCTest's own
        // list was not written whole (a full disk): the console's IDs stand in. A binary that wrote no stream
        // at all has no Swift Testing (it ran XCTest, whose summary lines are no IDs: the census found
        // "Executed 0 tests, …" listed as a test of Quick and SwiftGraph). A stream that declared tests was
        // read, and a console line it lacks is a print, never a test.
        let undeclared =
            wroteEventStream && declarations.isEmpty
            ? Set(Self.parseSwiftTestingList(swiftTestingOutput)).subtracting(xctestIDs) : []
        var catalog = TestCatalog(
            xctestIDs.map { TestIdentity(canonicalID: $0, framework: .xctest) }
                + (swiftTestingIDs + undeclared.sorted()).map { TestIdentity(canonicalID: $0, framework: .swiftTesting) })
        catalog.enrich(with: declarations)
        return Listing(catalog: catalog, undeclared: undeclared.count, wroteEventStream: wroteEventStream)
    }

    private func list(_ arguments: [String], cancellation: CancellationFlag) throws -> String {
        var output = [UInt8]()
        let exit = try launcher.run(
            ProcessRequest(
                executable: testBinary, arguments: arguments, environment: environment,
                workingDirectory: workingDirectory, timeout: 120),
            cancellation: cancellation
        ) { output += $0 }
        let text = String(decoding: output, as: UTF8.self)
        // 69 is Swift Testing's "no tests": a package with XCTest only lists nothing, which is fine.
        guard exit.exitCode == 0 || exit.exitCode == 69 else {
            throw FlakeCheckError.discoveryFailed(
                "`\(testBinary) \(arguments.joined(separator: " "))` ended with "
                    + (exit.signal.map { "signal \($0)" } ?? "status \(exit.exitCode ?? -1)") + ":\n"
                    + Self.gist(of: text))
        }
        return text
    }

    /// What a failed listing said, the line that matters first: the runtime's `Fatal error: …` (or the
    /// first `error:` line) before the last 10 lines of the output, not after 40 lines of backtrace.
    package static func gist(of output: String) -> String {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let cause =
            lines.first { $0.contains("Fatal error:") } ?? lines.first { $0.contains("*** Program crashed") }
            ?? lines.first { $0.contains("error:") }
        let tail = lines.suffix(10).joined(separator: "\n")
        guard let cause else { return tail }
        return cause + "\n(last lines of its output:)\n" + tail
    }

    /// XCTest's `--list-tests`: a `Listing N tests in …:` header, then one `Module.Class/method` per line,
    /// read whole: a name may hold spaces, commas and any Unicode (Quick's spec names). Lines before the
    /// header are the binary's own prints. A name listed twice is two tests (Quick names examples by their
    /// description): the second is `ID #2` (`TestCatalog.numberingRepeats`).
    package static func parseXCTestList(_ output: String) -> [String] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        // `Listing 1 test in debug.xctest:`, `Listing 83 tests in debug.xctest:`.
        guard
            let header = lines.firstIndex(where: {
                $0.hasPrefix("Listing ") && ($0.contains(" tests in ") || $0.contains(" test in "))
            })
        else {
            return []
        }
        let ids = lines[(header + 1)...].map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
            .filter { !$0.isEmpty }
        return TestCatalog.numberingRepeats(ids)
    }

    /// Swift Testing's `--list-tests`: one ID per line (with `/File.swift:L:C` where two tests would share
    /// one). A line counts only when the event stream the same listing wrote declares that test, so no
    /// other print becomes a test. Without `declared` (a reader of a saved listing), every line that looks
    /// like an ID counts.
    package static func parseSwiftTestingList(_ output: String, declared: [String]? = nil) -> [String] {
        let lines = output.split(separator: "\n").map {
            ANSIEscapes.strip(String($0)).trimmingCharacters(in: .whitespaces)
        }
        guard let declared else {
            return lines.filter { line in
                guard let first = line.first, first.isLetter || first == "_" else { return false }
                return line.contains(".") && !line.hasPrefix("Listing ") && !line.hasPrefix("Test Suite '")
            }
        }
        let known = Set(declared).union(declared.map(TestCatalog.droppingSourceLocation))
        return lines.filter { known.contains($0) }
    }
}
