import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Annotations under GitHub Actions, at the failing assertion.
@Suite struct GitHubAnnotationTests {
    @Test func failingTestsAreErrorsAtTheirAssertion() throws {
        let output = NSTemporaryDirectory() + "fc-annotations-\(UUID())"
        let log = Fixture.folder.path + "/linux-6.3.1-xctest.txt"
        let out = CapturedOutput()
        let context = CommandContext(
            stdout: out, stderr: CapturedOutput(),
            environment: ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": "/src/KnownOutcomes"],
            currentDirectory: NSTemporaryDirectory())
        _ = FlakeCheckCommand.main(
            ["parse", log, log, "--output", output, "--quiet", "--no-step-summary"], context: context)
        let annotations = out.text.split(separator: "\n").filter { $0.hasPrefix("::") }
        let failing = try #require(annotations.first { $0.contains("FailingXCTests/testAlwaysFails passed") })
        #expect(
            failing.hasPrefix(
                "::error file=Tests/AlphaTests/XCTests.swift,line=24,title=failing%3A FailingXCTests/testAlwaysFails "
                    + "passed 0/2 (0%25)::"
            ),
            "\(failing)")
        #expect(failing.contains("%0A2x XCTAssertEqual failed"))
        #expect(!annotations.contains { $0.contains("StableXCTests/testPasses") }, "stable tests are not annotated")

        let quiet = CapturedOutput()
        _ = FlakeCheckCommand.main(
            ["parse", log, "--output", output, "--quiet"],
            context: CommandContext(
                stdout: quiet, stderr: CapturedOutput(), environment: [:],
                currentDirectory: NSTemporaryDirectory()))
        #expect(!quiet.text.contains("::error"), "only under GitHub Actions")
    }

    @Test func flakyIsAWarningAndPropertiesAreEscaped() {
        var tally = TestTally(identity: TestIdentity(canonicalID: "A.B/c", framework: .xctest))
        tally.record(
            TestResult(
                outcome: .failed,
                failures: [
                    FailureRecord(
                        message: "100% wrong, twice",
                        location: "/w/Tests/B,x.swift:7:3")
                ]), runIndex: 0)
        tally.record(TestResult(outcome: .passed), runIndex: 1)
        let test = TestSummary(tally: tally, confidence: 0.95)
        #expect(test.verdict == .flaky)
        let line = GitHubAnnotations.annotation(for: test, workspace: "/w")
        #expect(
            line?.hasPrefix("::warning file=Tests/B%2Cx.swift,line=7,col=3,title=flaky%3A A.B/c passed") == true,
            "\(line ?? "")")
        #expect(line?.hasSuffix("1x 100%25 wrong, twice") == true)
    }

    @Test(arguments: [
        ("/src/A.swift:12:5", SourcePosition(file: "/src/A.swift", line: 12, column: 5)),
        ("A.swift:12", SourcePosition(file: "A.swift", line: 12, column: nil)),
        ("C:/src/A.swift:3", SourcePosition(file: "C:/src/A.swift", line: 3, column: nil)),
        ("/src/A.swift", SourcePosition(file: "/src/A.swift", line: nil, column: nil)),
    ])
    func sourcePositions(location: String, expected: SourcePosition) {
        #expect(SourcePosition(location) == expected)
    }
}
