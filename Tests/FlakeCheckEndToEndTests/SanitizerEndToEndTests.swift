import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Runs flakecheck with `--sanitize thread` on `Tests/FixturePackages/DataRaces` (the seeds'
/// `nonisolated(unsafe)` global, the same count behind a lock, and a bystander) and checks every test's
/// outcome and every finding against `expectations.json`, written before the first run: each test passes
/// in every run, the race is one finding seen in every run and attributed to the racing test alone, a
/// count under a contended `Synchronization.Mutex` is no finding, and the gate fails on the race. Without the
/// sanitizer the same package passes the gate.
@Suite(.serialized) struct SanitizerEndToEndTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FixturePackages/DataRaces").path
    static let runs = 3

    struct Expectations: Decodable {
        struct Test: Decodable {
            var id: String
            var expect: String
            var onRaceStacks: Bool
        }
        struct Finding: Decodable {
            var kind: String
            var summaryContains: String
            var everyRun: Bool
            var tests: [String]
        }
        var tests: [Test]
        var findings: [Finding]
    }

    static func expectations() throws -> Expectations {
        let data = try Data(contentsOf: URL(fileURLWithPath: package + "/expectations.json"))
        return try JSONDecoder().decode(Expectations.self, from: data)
    }

    static func flakecheck(_ arguments: [String], package: String = package) throws
        -> (code: Int32, report: FlakeReport?, stdout: String, junit: String?)
    {
        let output = NSTemporaryDirectory() + "flakecheck-tsan-\(UUID().uuidString)"
        let out = CapturedOutput()
        let context = CommandContext(
            stdout: out, stderr: CapturedOutput(), environment: ProcessInfo.processInfo.environment,
            currentDirectory: FileManager.default.currentDirectoryPath)
        let code = FlakeCheckCommand.main(
            arguments + [
                "--package-path", package, "--output", output, "--quiet",
                "--format", "json,junit",
            ], context: context)
        let data = FileManager.default.contents(atPath: output + "/report.json")
        let junit = FileManager.default.contents(atPath: output + "/report.junit.xml").map {
            String(decoding: $0, as: UTF8.self)
        }
        return (code, try data.map { try JSONReportFormat.decode($0, path: "report.json") }, out.text, junit)
    }

    @Test func theRaceIsOneFindingOfItsOwnTestAndNoTestFails() throws {
        let expected = try Self.expectations()
        let run = try Self.flakecheck([
            "run", "--sanitize", "thread", "--runs", "\(Self.runs)", "--workers", "2",
            "--timeout", "300",
        ])
        let report = try #require(run.report)
        #expect(run.code == ExitCode.gateFailed)
        #expect(report.configuration.sanitizer == .thread)
        // The support library that shows ThreadSanitizer a contended Mutex is built beside the tests.
        #expect(report.configuration.notes == nil, "\(report.configuration.notes ?? [])")
        #expect(report.tests.map(\.id).sorted() == expected.tests.map(\.id).sorted())
        for test in expected.tests {
            #expect(
                report.tests.first { $0.id == test.id }?.history == String(repeating: "P", count: Self.runs),
                "\(test.id)")
        }
        let findings = report.sanitizerFindings ?? []
        #expect(findings.count == expected.findings.count, "\(findings.map(\.report.summary))")
        for (finding, wanted) in zip(findings, expected.findings) {
            #expect(finding.report.kind == wanted.kind)
            #expect(finding.report.summary.contains(wanted.summaryContains), "\(finding.report.summary)")
            #expect(
                !finding.report.summary.contains(Self.package), "the summary names the file relative to the package")
            #expect(finding.tests == wanted.tests)
            if wanted.everyRun { #expect(finding.runs == Array(1...Self.runs)) }
        }
        let innocent = expected.tests.filter { !$0.onRaceStacks }.map(\.id)
        #expect(findings.allSatisfy { Set($0.tests).isDisjoint(with: innocent) })
        #expect(report.gate.reasons.contains { $0.hasPrefix("ThreadSanitizer: ") }, "\report.gate.reasons")
        #expect(run.stdout.contains("tests on its stacks: LedgerTests.UncheckedGlobalTests/testTwoThreadsCount"))
        #expect(
            run.stdout.contains("Tests/LedgerTests/LedgerTests.swift:"), "the stacks are folded to the package's frames"
        )
        let junit = try #require(run.junit)
        #expect(junit.contains("<testsuite name=\"ThreadSanitizer\""))
    }

    /// The same package without the sanitizer: every test passes and nothing else gates it.
    @Test func withoutTheSanitizerTheGatePasses() throws {
        let run = try Self.flakecheck(["run", "--runs", "2", "--workers", "2", "--timeout", "300"])
        let report = try #require(run.report)
        #expect(run.code == ExitCode.success, "\report.gate.reasons")
        #expect(report.sanitizerFindings == nil)
        #expect(report.tests.allSatisfy { $0.history == "PP" })
    }

    /// `Tests/FixturePackages/HiddenRaces`: two parallel tests race through the product's code after a
    /// suspension, so the report's stacks hold the product's resume function and no test. Expected, in
    /// its `expectations.json` (written before the first run): every test passes, the race is one finding
    /// with no test on its stacks, and the search names exactly the two racing tests, together, never a
    /// bystander, within the one `run --sanitize thread --runs 20` a user would type.
    @Test func aRaceWhoseStacksNameNoTestIsTracedToItsTwoTests() throws {
        struct Expected: Decodable {
            struct Test: Decodable { var id: String; var races: Bool }
            struct Finding: Decodable {
                var kind: String; var summaryContains: String; var testsOnStacks: [String]; var namedBySearch: [String]
            }
            var tests: [Test]
            var findings: [Finding]
        }
        let hidden = URL(fileURLWithPath: Self.package).deletingLastPathComponent().appendingPathComponent(
            "HiddenRaces"
        ).path
        let expected = try JSONDecoder().decode(
            Expected.self, from: Data(contentsOf: URL(fileURLWithPath: hidden + "/expectations.json")))
        let run = try Self.flakecheck(
            ["run", "--sanitize", "thread", "--runs", "20", "--workers", "2", "--timeout", "300"],
            package: hidden)
        let report = try #require(run.report)
        #expect(run.code == ExitCode.gateFailed)
        #expect(report.tests.map(\.id).sorted() == expected.tests.map(\.id).sorted())
        #expect(report.tests.allSatisfy { $0.passed == 20 }, "\(report.tests.map(\.history))")
        // One race, which ThreadSanitizer may report as more than one finding (write against write, the
        // read of += against the write): none has a test on its stacks, the one seen most is traced to the
        // pair, and no search names anything else.
        let findings = report.sanitizerFindings ?? []
        let wanted = try #require(expected.findings.first)
        try #require(!findings.isEmpty)
        for finding in findings {
            #expect(finding.report.summary.contains(wanted.summaryContains), "\(finding.report.summary)")
            #expect(finding.tests == wanted.testsOnStacks)
            #expect(finding.search.map { $0.tests.isEmpty || $0.tests == wanted.namedBySearch } == true, "\(finding)")
        }
        let finding = try #require(findings.max { $0.runs.count < $1.runs.count })
        #expect(finding.report.kind == wanted.kind)
        let search = try #require(finding.search)
        #expect(search.tests == wanted.namedBySearch, "\(search)")
        #expect(search.run == finding.runs.first && search.candidates == expected.tests.count)
        let bystanders = Set(expected.tests.filter { !$0.races }.map(\.id))
        #expect(findings.allSatisfy { bystanders.isDisjoint(with: $0.blamedTests) })
        #expect(
            run.stdout.contains("it appears only when \(wanted.namedBySearch.joined(separator: " and ")) run together"),
            "\(run.stdout)")
        #expect(
            report.gate.reasons.contains { $0.contains("(tests: \(wanted.namedBySearch.joined(separator: ", ")))") },
            "\report.gate.reasons")
    }
}
