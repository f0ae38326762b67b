import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Twelve plain `swift test > run-N.log 2>&1` logs of Tests/FixturePackages/AbortingRuns, whose README
/// says every test's outcome before the logs were made: one XCTest test and one Swift Testing test abort
/// in runs 4, 8 and 12 (Scripts/capture-aborting-logs.sh made them). SwiftPM's `error: Process '…' exited
/// with unexpected signal code 6` lands inside other lines; dozens of Swift Testing tests are in flight.
@Suite struct AbortedRunsParseTests {
    static let folder = "aborting-runs/"

    static func catalog() throws -> TestCatalog {
        let xctest = TestDiscoverer.parseXCTestList(try Fixture.text(folder + "list-xctest.txt"))
        let stream = EventStreamFile.read(at: try copy(folder + "list-swift-testing.jsonl"))
        let declared = stream.declarations.values.filter { !$0.isSuite }.map(\.id)
        let swiftTesting = TestDiscoverer.parseSwiftTestingList(
            try Fixture.text(folder + "list-swift-testing.txt"), declared: declared)
        var catalog = TestCatalog(
            xctest.map { TestIdentity(canonicalID: $0, framework: .xctest) }
                + swiftTesting.map { TestIdentity(canonicalID: $0, framework: .swiftTesting) })
        catalog.enrich(with: stream.declarations.values)
        return catalog
    }

    /// `EventStreamFile.read` deletes what it read: it reads a copy.
    static func copy(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flakecheck-\(UUID().uuidString).jsonl"
        ).path
        try Fixture.data(name).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Each log read as `parse` reads it: its results by test ID, and its incidents.
    static func runs(catalog: TestCatalog?) throws -> [(results: [String: TestResult], incidents: [RunIncident])] {
        try (1...12).map { run in
            let path = try copy(folder + "run-\(run).log")
            defer { try? FileManager.default.removeItem(atPath: path) }
            var results: [String: TestResult] = [:]
            let (_, incidents) = try LogAnalysis.read(path, catalog: catalog) { results[$0.identity.id] = $0.result }
            return (results, incidents.map(\.incident))
        }
    }

    @Test func noTestThatNeverFailsGetsAFailureAndTheAbortersAreNamed() throws {
        let catalog = try Self.catalog()
        #expect(catalog.tests.count == 54)
        let runs = try Self.runs(catalog: catalog)
        let aborting: Set = ["AbortingTests.TwinZ/testZAborts", "AbortingTests.Aborter/abortsOnEveryFourthRun()"]
        for (number, run) in zip(1..., runs) {
            let aborts = number % 4 == 0
            for test in catalog.tests where !aborting.contains(test.id) && test.id != "AbortingTests.SuiteB/sameName()"
            {
                let outcome = run.results[test.id]?.outcome
                // Passed, or (in flight when the process died) no outcome: never crashed or failed.
                #expect(
                    outcome == .passed || (aborts && test.framework == .swiftTesting && outcome == .notRun),
                    "run \(number): \(test.id) is \(String(describing: outcome))")
            }
            #expect(
                run.results["AbortingTests.TwinZ/testZAborts"]?.outcome == (aborts ? .crashed : .passed),
                "run \(number)")
            // SuiteB's issue is its own, at Suites.swift:16; SuiteA's same-named test never has it.
            let suiteB = run.results["AbortingTests.SuiteB/sameName()"]
            #expect(suiteB?.outcome == .failed || (aborts && suiteB?.outcome == .notRun), "run \(number)")
            #expect(run.results["AbortingTests.SuiteA/sameName()"]?.failures.isEmpty == true, "run \(number)")
            if aborts {
                // One crash incident names every Swift Testing test in flight, the aborting one among them.
                let crashes = run.incidents.filter { $0.kind == .crash }
                #expect(crashes.count == 1, "run \(number)")
                #expect(crashes.first?.candidates.contains("AbortingTests.Aborter/abortsOnEveryFourthRun()") == true)
                #expect(crashes.first?.isUnresolved == true)
                #expect(crashes.first?.message.contains("none of them has an outcome") == true)
                let crash = run.results["AbortingTests.TwinZ/testZAborts"]?.failures.last?.message ?? ""
                #expect(crash.contains("Program crashed: Aborted"), "\(crash)")
            } else {
                #expect(run.incidents.isEmpty, "run \(number): \(run.incidents)")
            }
        }
    }

    /// The same logs without the package's list: XCTest names are printed names, the two `sameName()` are
    /// told apart only by a list (said so, not guessed), and still nothing that never fails is flaky.
    @Test func withoutAListNothingThatNeverFailsFails() throws {
        let runs = try Self.runs(catalog: nil)
        for (number, run) in zip(1..., runs) {
            for (id, result) in run.results where !id.contains("Aborts") && !id.hasPrefix("sameName()") {
                #expect(!result.outcome.isFailure, "run \(number): \(id) is \(result.outcome)")
            }
        }
    }
}
