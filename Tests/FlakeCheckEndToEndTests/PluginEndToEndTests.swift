import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Issue #13: a fresh package that depends on flakecheck (by path, as it would by URL) runs
/// `swift package flakecheck run …` end to end, and the plugin's exit status is the gate.
@Suite(.serialized) struct PluginEndToEndTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Runs `swift package <arguments>` in `folder`, with both output streams drained together.
    static func swiftPackage(_ arguments: [String], in folder: String) throws -> (status: Int32, output: String) {
        try SwiftTool.run(["package"] + arguments, in: folder)
    }

    static func makeAdopter() throws -> String {
        let folder = NSTemporaryDirectory() + "flakecheck-adopter-\(UUID().uuidString)"
        let files = [
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Adopter",
                dependencies: [.package(path: "\(root)")],
                targets: [
                    .target(name: "Adopter"),
                    .testTarget(name: "AdopterTests", dependencies: ["Adopter"]),
                ]
            )
            """,
            "Sources/Adopter/Adopter.swift": "public func double(_ x: Int) -> Int { x * 2 }\n",
            "Tests/AdopterTests/AdopterTests.swift": """
            import Adopter
            import Testing
            import XCTest

            @Test func doubles() { #expect(double(2) == 4) }
            @Test func alwaysWrong() { #expect(double(2) == 5) }

            final class DoubleTests: XCTestCase {
                func testDoubles() { XCTAssertEqual(double(3), 6) }
            }
            """,
        ]
        for (path, text) in files {
            let url = URL(fileURLWithPath: folder + "/" + path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    @Test func pluginRunsTheAdoptersTestsAndGates() throws {
        let folder = try Self.makeAdopter()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let stable = try Self.swiftPackage(
            [
                "flakecheck", "run", "--skip", "alwaysWrong", "--runs", "3", "--workers", "1",
                "--output", "Stable", "--quiet", "--no-step-summary",
            ], in: folder)
        #expect(stable.status == 0, "\(stable.output.suffix(3000))")
        let report = try JSONReportFormat.load(folder + "/Stable/report.json", shownPath: "report.json")
        #expect(report.tests.map(\.id) == ["AdopterTests.DoubleTests/testDoubles", "AdopterTests.doubles()"])
        #expect(report.tests.allSatisfy { $0.passed == 3 && $0.verdict == .stable })
        #expect(!stable.output.contains("waiting until that process has finished"), "no build-lock wait")

        let failing = try Self.swiftPackage(
            [
                "flakecheck", "run", "--runs", "2", "--workers", "1", "--output", "All",
                "--quiet", "--no-step-summary",
            ], in: folder)
        #expect(failing.status != 0, "the gate fails through the plugin")
        #expect(failing.output.contains("flakecheck exited with status 1"), "\(failing.output.suffix(2000))")
        let all = try JSONReportFormat.load(folder + "/All/report.json", shownPath: "report.json")
        #expect(all.tests.first { $0.id == "AdopterTests.alwaysWrong()" }?.verdict == .failing)

        // Before anything else asks for the scheduler hook: every flag that loads it works through the plugin
        // (--explore-schedules and --shorten-sleeps exited 64 when the plugin built it for --perturb only).
        #if os(Linux)
            for flags in [["--hunt"], ["--explore-schedules"], ["--hunt", "--shorten-sleeps"]] {
                let hunted = try Self.swiftPackage(
                    ["flakecheck", "run", "--skip", "alwaysWrong", "--runs", "2", "--workers", "1"] + flags
                        + ["--output", "Hunted", "--quiet", "--no-step-summary"],
                    in: folder)
                #expect(hunted.status == 0, "\(flags): \(hunted.output.suffix(3000))")
                let huntedRuns = try JSONReportFormat.load(folder + "/Hunted/report.json", shownPath: "r").runs
                #expect(huntedRuns.allSatisfy { $0.perturbation != nil }, "\(flags)")
            }
        #endif

        // `list` takes the plugin's --no-build --bin-path like the commands that run tests (it refused them).
        let listed = try Self.swiftPackage(["flakecheck", "list"], in: folder)
        #expect(listed.status == 0, "\(listed.output.suffix(2000))")
        #expect(
            listed.output.contains("AdopterTests.DoubleTests/testDoubles")
                && listed.output.contains("AdopterTests.doubles()"))

        // Every other subcommand through the plugin, on what the runs above wrote.
        let compared = try Self.swiftPackage(
            [
                "flakecheck", "compare", "--strategy", "xc=DoubleTests", "--strategy",
                "st=doubles", "--runs", "2", "--workers", "1", "--output", "Compare",
                "--quiet", "--no-step-summary",
            ], in: folder)
        #expect(compared.status == 0, "\(compared.output.suffix(2000))")
        #expect(try JSONReportFormat.load(folder + "/Compare/report.json", shownPath: "r").strategies?.count == 2)
        try Data(
            ("Test Case 'DoubleTests.testDoubles' started at 2026-01-01 00:00:00.000\nTest Case "
                + "'DoubleTests.testDoubles' passed (0.001 seconds)\n")
                .utf8
        )
        .write(to: URL(fileURLWithPath: folder + "/saved.log"))
        let parsed = try Self.swiftPackage(
            [
                "flakecheck", "parse", "saved.log", "--output", "Parsed", "--quiet",
                "--no-step-summary",
            ], in: folder)
        #expect(parsed.status == 0, "\(parsed.output.suffix(2000))")
        let rendered = try Self.swiftPackage(
            ["flakecheck", "report", "Stable/report.json", "--format", "html"], in: folder)
        #expect(
            rendered.status == 0 && FileManager.default.fileExists(atPath: folder + "/Stable/report.html"),
            "\(rendered.output.suffix(2000))")
        let merged = try Self.swiftPackage(
            [
                "flakecheck", "merge", "Stable/report.json", "--output", "Merged", "--quiet",
                "--no-step-summary",
            ], in: folder)
        #expect(merged.status == 0, "\(merged.output.suffix(2000))")
        let baseline = try Self.swiftPackage(
            [
                "flakecheck", "baseline", "--from", "All/report.json", "--output",
                "baseline.json", "--reason", "tracked",
            ], in: folder)
        #expect(
            baseline.status == 0 && FileManager.default.fileExists(atPath: folder + "/baseline.json"),
            "\(baseline.output.suffix(2000))")

        // --perturb through the plugin: the hook library is built too and found, so runs delay jobs.
        let perturbed = try Self.swiftPackage(
            [
                "flakecheck", "run", "--skip", "alwaysWrong", "--runs", "6", "--workers", "1",
                "--perturb-seed", "5", "--output", "Perturbed", "--quiet", "--no-step-summary",
            ],
            in: folder)
        #expect(perturbed.status == 0, "\(perturbed.output.suffix(3000))")
        let runs = try JSONReportFormat.load(folder + "/Perturbed/report.json", shownPath: "report.json").runs
        #if os(Linux)
            #expect(
                runs.contains { $0.perturbation?.delayMode != nil },
                "the library reached the runs: \(runs.map(\.perturbation))")

            // --sanitize thread through the plugin: flakecheck builds the sanitized tests itself (the plugin's
            // --bin-path would be refused) and finds the Mutex support library the plugin built.
            let sanitized = try Self.swiftPackage(
                [
                    "flakecheck", "run", "--skip", "alwaysWrong", "--runs", "2", "--workers", "1",
                    "--sanitize", "thread", "--output", "Sanitized", "--quiet",
                    "--no-step-summary",
                ], in: folder)
            #expect(sanitized.status == 0, "\(sanitized.output.suffix(3000))")
            let sanitizedReport = try JSONReportFormat.load(folder + "/Sanitized/report.json", shownPath: "report.json")
            #expect(sanitizedReport.configuration.sanitizer == .thread)
            #expect(
                sanitizedReport.configuration.notes == nil,
                "the support library was found: \(sanitizedReport.configuration.notes ?? [])")
            #expect(sanitizedReport.tests.allSatisfy { $0.passed == 2 })
            #expect(FileManager.default.fileExists(atPath: folder + "/.build-flakecheck-tsan"))
        #endif
    }

    /// `swift package flakecheck demo` runs the example that ships with flakecheck (it looked for
    /// strategies.json in the adopter's folder and failed).
    @Test func pluginDemoRunsTheBundledExample() throws {
        let folder = try Self.makeAdopter()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let demo = try Self.swiftPackage(
            [
                "flakecheck", "demo", "--runs", "2", "--workers", "2", "--output", "Demo", "--quiet",
                "--no-step-summary",
            ], in: folder)
        #expect(!demo.output.contains("strategies.json"), "\(demo.output.suffix(2000))")
        let report = try JSONReportFormat.load(folder + "/Demo/report.json", shownPath: "report.json")
        #expect(report.command == "demo")
        #expect((report.strategies?.count ?? 0) >= 10)
        #expect(report.tests.allSatisfy { $0.history.count == 2 })
    }
}
