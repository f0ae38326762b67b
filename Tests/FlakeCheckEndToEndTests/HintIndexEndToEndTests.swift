import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Hints from the compiler's index on nine fixture packages whose labels (`labels.json`) were written before
/// the reader first ran on them. `HintStyles`: every strategy in varied styles, with four XCTest classes
/// that each have a `testBusyWhileDownloading`, helpers in other files, a model that holds a continuation
/// the test never reaches, a sleep after the assert and a clock that yields as it advances. `HintStylesTwo`:
/// XCTest expectations, `invokeTest` scoping, a `nonisolated` actor method that fires a `Task {}`, a polling
/// helper, a stream, a task group, `async let`, an injected sleeper, a helper in a test-side extension.
/// `HintStylesThree` (34 tests of a photo app), `HintStylesFour` (36 of a ride dispatcher), `HintStylesFive`
/// (36 of a thermostat controller), `HintStylesSix` (36 of a checkout), `HintStylesSeven` (34 of a book
/// lending app), `HintStylesEight` (39 of a podcast player), `HintStylesNine` (40 of a parking app),
/// `HintStylesTen` (30 of a greenhouse irrigation controller), `HintStylesEleven` (30 of a courier
/// order pipeline), `HintStylesTwelve` (30 of a hotel front desk), `HintStylesThirteen` (30 of a music
/// offline library), `HintStylesFourteen` (30 of an airline check-in), `HintStylesFifteen` (30 of a
/// veterinary clinic), `HintStylesSixteen` (30 of a restaurant kitchen) and `HintStylesSeventeen` (30 of a
/// marina) were written, with their labels, by helpers who never read flakecheck's sources. A real `flakecheck run` builds each (debug, so the build writes its index) and
/// reads the hints.
@Suite(.serialized) struct HintIndexEndToEndTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FixturePackages")

    struct Labels: Decodable {
        struct Label: Decodable { var id: String; var label: String }
        var tests: [Label]
    }

    static let hazards: Set<String> = ["yield-gated", "sleep-gated", "unstructured-task"]

    /// Known misses held to their count rather than to the bar, each a reading rule not built yet
    /// (Hints.md): the floor of agreement, and the hazards read as gated. None now: `HintStylesThirteen`
    /// (read 24 of 30 first, 26 after the rules of 2026-11-28's first session, 28 after the fired-work rule)
    /// was held here until a task fired inside an awaited call was read.
    static let knownMisses: [String: (floor: Int, hazardsReadAsGated: Set<String>)] = [:]
    static let gates: Set<String> = ["continuation-gated", "clock-gated", "task-local-scoped"]

    @Test(arguments: [
        "HintStyles", "HintStylesTwo", "HintStylesThree", "HintStylesFour", "HintStylesFive", "HintStylesSix",
        "HintStylesSeven", "HintStylesEight", "HintStylesNine", "HintStylesTen", "HintStylesEleven",
        "HintStylesTwelve", "HintStylesThirteen", "HintStylesFourteen", "HintStylesFifteen", "HintStylesSixteen",
        "HintStylesSeventeen",
    ])
    func hintsFromTheIndexAgreeWithLabelsWrittenFirst(fixture: String) throws {
        let package = Self.fixtures.appendingPathComponent(fixture).path
        let labels = try JSONDecoder().decode(
            Labels.self, from: Data(contentsOf: URL(fileURLWithPath: package + "/labels.json")))
        let output = NSTemporaryDirectory() + "flakecheck-hints-\(UUID().uuidString)"
        let context = CommandContext(
            stdout: CapturedOutput(), stderr: CapturedOutput(),
            environment: ProcessInfo.processInfo.environment,
            currentDirectory: FileManager.default.currentDirectoryPath)
        _ = FlakeCheckCommand.main(
            [
                // The helpers' fixtures hold racy tests, one of which can hang until its timeout: the hints
                // are read all the same, and a short timeout keeps the hang short.
                "run", "--runs", "1", "--timeout", "20", "--package-path", package, "--output", output, "--quiet",
                "--format", "json",
            ], context: context)
        let report = try JSONReportFormat.decode(
            try #require(FileManager.default.contents(atPath: output + "/report.json")),
            path: "report.json")
        var agreed = 0
        var lines: [String] = []
        for label in labels.tests {
            let test = try #require(report.tests.first { $0.id == label.id }, "\(label.id) was not run")
            #expect(test.hintReadBy == .index, "\(label.id) was read by \(test.hintReadBy?.rawValue ?? "nothing")")
            let hint = test.hint ?? "unknown"
            if hint == label.label {
                agreed += 1
            } else {
                lines.append("\(label.id): labelled \(label.label), read \(hint)")
            }
            let known = Self.knownMisses[fixture]?.hazardsReadAsGated.contains(label.id) ?? false
            #expect(
                !(Self.hazards.contains(label.label) && Self.gates.contains(hint)) || known,
                "a hazard read as gated: \(label.id)")
        }
        let unknown = labels.tests.filter { label in report.tests.first { $0.id == label.id }?.hint == "unknown" }.count
        // The same tests by name, as `parse` and release builds read them: printed for Hints.md, not held to a bar.
        let byName = HintDetector(index: SourceIndex(packagePath: package))
        var agreedByName = 0
        for label in labels.tests {
            let identity = TestIdentity(
                canonicalID: label.id, framework: label.id.hasSuffix(")") ? .swiftTesting : .xctest)
            let hint = byName.hint(for: identity)?.rawValue ?? "unknown"
            if hint == label.label { agreedByName += 1 } else { lines.append("\(label.id): by name \(hint)") }
        }
        print(
            "\(fixture) from the index: \(agreed) of \(labels.tests.count) agree; \(unknown) unknown; by name: "
                + "\(agreedByName) agree\n" + lines.joined(separator: "\n"))
        if let floor = Self.knownMisses[fixture]?.floor {
            #expect(agreed >= floor, "\(lines)")
        } else {
            #expect(Double(agreed) >= 0.9 * Double(labels.tests.count), "\(lines)")
        }
        #expect(Double(unknown) <= 0.05 * Double(labels.tests.count))
        #expect(report.configuration.notes?.contains(.hintsReadByName) != true)
    }
}
