import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

@Suite struct SwiftTestingParsingTests {
    @Test func consoleFixtureOutcomes() throws {
        let results = Fixture.outcomes(ofConsole: try Fixture.data("linux-6.3.1-swift-testing.txt"))
        #expect(results["passes()"]?.outcome == .passed)
        #expect(results[#""Display "quoted" name""#]?.outcome == .passed)
        #expect(results["alwaysFails()"]?.outcome == .failed)
        #expect(
            results["alwaysFails()"]?.failures == [
                FailureRecord(
                    message: "Expectation failed: 1 == 2\nalways fails", location: "SwiftTestingTests.swift:24:9")
            ])
        #expect(results["parameterized(value:)"]?.outcome == .passed)
        #expect(results["disabled()"]?.outcome == .skipped)
        #expect(results["knownIssue()"]?.outcome == .passed, "a known issue does not fail a test")
        #expect(results["recordsWarning()"]?.outcome == .passed, "a warning does not fail a test")
        // Two suites' same() ran at once, one passed and one failed: without the declarations the console
        // cannot say which is which, so both are ambiguous rather than guessed (see OneTruthPerTestTests).
        let same = [results["same()"]?.outcome, results["same() #2"]?.outcome]
        #expect(same == [.notRun, .notRun], "two suites' same() are two tests, neither guessed")
        #expect(results.count == 10)
    }

    /// With the declarations (as `parse --package-path` has them from the event stream), the issue's
    /// `SharedNameTests.swift:13:9` lies in Beta's `same()`, declared at line 12: Beta failed, Alpha passed.
    @Test func consoleFixtureSameNamesResolveWithDeclarations() throws {
        var catalog = try Fixture.catalog()
        catalog.enrich(
            with: Fixture.eventTranscript(try Fixture.data("linux-6.3.1-events-v6.3.jsonl")).declarations.values)
        let runs = Fixture.savedLogRuns(try Fixture.data("linux-6.3.1-swift-testing.txt"), catalog: catalog)
        let alpha = try #require(catalog.tests.first { $0.id.hasPrefix("AlphaTests.SharedNameSuite/same()") })
        let beta = try #require(catalog.tests.first { $0.id.hasPrefix("BetaTests.SharedNameSuite/same()") })
        #expect(beta.sourceLine == 12)
        #expect(runs.first?[alpha.id]?.outcome == .passed)
        #expect(runs.first?[beta.id]?.outcome == .failed)
        #expect(runs.first?[beta.id]?.failures.first?.location == "SharedNameTests.swift:13:9")
    }

    @Test func ansiColouredOutputParsesLikePlainOutput() throws {
        let plain = Fixture.outcomes(ofConsole: try Fixture.data("linux-6.3.1-swift-testing.txt"))
        let coloured = Fixture.outcomes(ofConsole: try Fixture.data("linux-6.3.1-swift-testing-ansi.txt"))
        // The two captures interleave differently, so compare the outcomes, not which same() got which.
        #expect(plain.values.map(\.outcome.rawValue).sorted() == coloured.values.map(\.outcome.rawValue).sorted())
        #expect(Set(plain.keys) == Set(coloured.keys))
        #expect(try Fixture.text("linux-6.3.1-swift-testing-ansi.txt").contains("\u{1B}["))
    }

    /// Output can arrive split anywhere, including inside `✔` or `→` (multi-byte UTF-8).
    @Test(arguments: [1, 2, 3, 7, 64, 4096])
    func chunkBoundariesDoNotChangeTheResult(chunkSize: Int) throws {
        for name in ["linux-6.3.1-swift-testing.txt", "linux-6.3.1-xctest.txt", "linux-6.3.1-swift-test-mixed.txt"] {
            let data = try Fixture.data(name)
            let whole = Fixture.consoleTranscript(data).0.entries
            let chunked = Fixture.consoleTranscript(data, chunkSize: chunkSize).0.entries
            #expect(whole == chunked, "\(name) split every \(chunkSize) bytes")
        }
    }

    @Test func versionSpecificWordings() {
        let log = """
            ◇ Test run started.
            ◇ Passing 1 argument x → 1 to foo(x:)
            ✘ Test skippedIn60() skipped: "old symbol"
            ◇ Test "raw identifier test" (aka 'raw identifier test()') started.
            ✔ Test "raw identifier test" (aka 'raw identifier test()') passed after 0.010 seconds.
            ◇ Test cancelled() started.
            ➜ Test cancelled() was cancelled after 0.002 seconds: "gave up"
            ◇ Test strArgs(s:) started.
            ✘ Test strArgs(s:) recorded an issue with 1 argument s → "line
            break" at Odd.swift:12:68: Expectation failed: (s → "line
            break").isEmpty → false
            ✘ Test strArgs(s:) failed after 0.001 seconds with 1 issue.
            ✘ Test run with 4 tests failed after 0.02 seconds with 1 issue.

            """
        let results = Fixture.outcomes(ofConsole: Data(log.utf8))
        #expect(results["skippedIn60()"]?.outcome == .skipped)
        #expect(results[#""raw identifier test""#]?.outcome == .passed)
        #expect(results[#""raw identifier test""#]?.duration == 0.01)
        #expect(results["cancelled()"]?.outcome == .skipped)
        #expect(results["strArgs(s:)"]?.outcome == .failed)
        #expect(results["strArgs(s:)"]?.failures.first?.location == "Odd.swift:12:68")
        #expect(results["strArgs(s:)"]?.failures.first?.message.hasSuffix(".isEmpty → false") == true)
    }

    @Test(arguments: ["linux-6.3.1-events-v0.jsonl", "linux-6.3.1-events-v6.3.jsonl"])
    func eventStreamGivesUniqueIDs(file: String) throws {
        let transcript = Fixture.eventTranscript(try Fixture.data(file))
        let catalog = try Fixture.catalog()
        let swiftTestingIDs = catalog.tests.filter { $0.framework == .swiftTesting }.map(\.id)
            .filter { !$0.contains("Crashing") && !$0.contains("Hanging") }
        let analysis = InvocationAnalysis(
            testIDs: swiftTestingIDs, frameworks: [.swiftTesting],
            exit: ProcessExit(exitCode: 1, signal: nil, wallSeconds: 0.1),
            console: RunTranscript(), eventStream: transcript, catalog: catalog)
        let results = analysis.results
        #expect(analysis.unknownTests.isEmpty)
        #expect(results["AlphaTests.SharedNameSuite/same()/SwiftTestingTests.swift:47:6"]?.outcome == .passed)
        #expect(results["BetaTests.SharedNameSuite/same()/SharedNameTests.swift:12:6"]?.outcome == .failed)
        #expect(results["AlphaTests.StableSuite/passes()"]?.outcome == .passed)
        #expect(results["AlphaTests.FailingSuite/alwaysFails()"]?.outcome == .failed)
        #expect(results["AlphaTests.disabled()"]?.outcome == .skipped)
        #expect(results["AlphaTests.knownIssue()"]?.outcome == .passed)
        #expect(results["AlphaTests.recordsWarning()"]?.outcome == .passed)
        #expect(results["AlphaTests.parameterized(value:)"]?.outcome == .passed)
        #expect(results.count == swiftTestingIDs.count)
        #expect((results["AlphaTests.StableSuite/passes()"]?.duration ?? -1) >= 0)
        #expect(transcript.declarations.values.contains { $0.displayName == #"Display "quoted" name"# })
    }

    @Test func malformedEventLinesAreCountedNotFatal() {
        var parser = EventStreamParser()
        var events: [TestEvent] = []
        parser.feed(Data("not json\n{\"kind\":\"mystery\",\"payload\":{}}\n{\"truncated\":".utf8)) { events.append($0) }
        parser.finish { events.append($0) }
        #expect(events.isEmpty)
        #expect(parser.malformedLines == 2)
    }
}
