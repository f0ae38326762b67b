import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Skip reasons are kept: XCTest's `Test skipped - why`, Swift Testing's `skipped: "why"` on
/// the console and in the event stream, through to the report and JUnit.
@Suite struct SkipReasonTests {
    @Test func consoleReasonsOfBothLibraries() throws {
        let xctest = Fixture.outcomes(ofConsole: try Fixture.data("linux-6.3.1-xctest.txt"))
        #expect(xctest["SkippedXCTests/testSkipped"]?.skipReason == "not on this platform")
        let swiftTesting = Fixture.outcomes(ofConsole: try Fixture.data("linux-6.3.1-swift-testing.txt"))
        #expect(swiftTesting["disabled()"]?.skipReason == "not today")
        #expect(swiftTesting["disabled()"]?.outcome == .skipped)
    }

    @Test func eventStreamReason() throws {
        let transcript = Fixture.eventTranscript(try Fixture.data("linux-6.3.1-events-v6.3.jsonl"))
        let skipped = transcript.entries.first { $0.status == .skipped }
        #expect(skipped?.skipReason == "not today")
    }

    @Test func reasonReachesTheReportAndJUnit() throws {
        let output = NSTemporaryDirectory() + "fc-skip-\(UUID())"
        let log = Fixture.folder.path + "/linux-6.3.1-xctest.txt"
        let (_, out, _) = CommandLineTests.run(["parse", log, "--output", output, "--format", "json,junit", "--quiet"])
        let report = try JSONReportFormat.load(output + "/report.json", shownPath: "report.json")
        #expect(report.tests.first { $0.id == "SkippedXCTests/testSkipped" }?.skipReason == "not on this platform")
        #expect(out.contains("skipped: SkippedXCTests/testSkipped: not on this platform"))
        let junit = try String(contentsOfFile: output + "/report.junit.xml", encoding: .utf8)
        #expect(junit.contains(#"<skipped message="skipped in all 1 run: not on this platform"/>"#), "\(junit)")
    }

    @Test(
        arguments: [
            (#" skipped: "not today""#, "not today"), (" skipped.", nil), (#" skipped: "say "hi"""#, #"say "hi""#),
        ] as [(String, String?)])
    func swiftTestingReasons(rest: String, expected: String?) {
        #expect(SwiftTestingLineClassifier.skipReason(rest) == expected)
    }
}

/// Swift Testing suite display names travel with the tests.
@Suite struct SuiteDisplayNameTests {
    @Test func suiteDisplayNameFromTheEventStream() {
        var catalog = TestCatalog([
            TestIdentity(canonicalID: "AppTests.CartTests/total()", framework: .swiftTesting),
            TestIdentity(canonicalID: "AppTests.Other/x()", framework: .swiftTesting),
        ])
        catalog.enrich(with: [
            TestDeclaration(
                id: "AppTests.CartTests", isSuite: true, name: "CartTests", displayName: "Cart checkout",
                filePath: nil, line: nil)
        ])
        #expect(catalog["AppTests.CartTests/total()"]?.suiteDisplayName == "Cart checkout")
        #expect(catalog["AppTests.Other/x()"]?.suiteDisplayName == nil)
        var facts = TestFacts(
            tally: TestTally(
                identity: TestIdentity(
                    canonicalID: "AppTests.CartTests/total()",
                    framework: .swiftTesting)))
        facts.describe(catalog["AppTests.CartTests/total()"])
        #expect(TestSummary(facts: facts, confidence: 0.95).suiteDisplayName == "Cart checkout")
    }
}
