import Foundation
import Testing
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckReporting
import FlakeCheckSupport

/// `run --changed-since` on a real build, whose index store it follows symbol by symbol: the ChangedSymbols
/// fixture (its README wrote every choice down before the first run) is committed, then changed, in a
/// temporary git repository; exactly the three tests the README names are chosen, each with its chain.
@Suite struct ChangedSymbolsEndToEndTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FixturePackages/ChangedSymbols").path

    static func git(_ folder: String, _ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["git", "-C", folder, "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
            + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FlakeCheckError.discoveryFailed("git \(arguments): \(String(decoding: output, as: UTF8.self))")
        }
    }

    /// The fixture at its first commit, then the change (the `Change/` files over it, one test file
    /// moved unchanged) as a second.
    static func repository() throws -> String {
        let files = FileManager.default
        let folder = NSTemporaryDirectory() + "flakecheck-changed-symbols-\(UUID().uuidString)"
        try files.copyItem(atPath: fixture, toPath: folder)
        let change = folder + ".change"
        try files.moveItem(atPath: folder + "/Change", toPath: change)
        try git(folder, "init", "-q")
        try git(folder, "add", ".")
        try git(folder, "commit", "-q", "-m", "before")
        for relative in try files.subpathsOfDirectory(atPath: change) where relative.hasSuffix(".swift") {
            let target = folder + "/" + relative
            try? files.removeItem(atPath: target)
            try files.copyItem(atPath: change + "/" + relative, toPath: target)
        }
        try files.removeItem(atPath: change)
        try git(folder, "mv", "Tests/LedgerTests/ArchiveTestsOld.swift", "Tests/LedgerTests/ArchiveTests.swift")
        try git(folder, "add", ".")
        try git(folder, "commit", "-q", "-m", "the change")
        return folder
    }

    @Test func exactlyTheTestsThatReachTheChangedSymbolsAreChosen() throws {
        let package = try Self.repository()
        defer { try? FileManager.default.removeItem(atPath: package) }
        let output = package + "/flakecheck-output"
        let stderr = CapturedOutput()
        let context = CommandContext(
            stdout: CapturedOutput(), stderr: stderr, environment: ProcessInfo.processInfo.environment,
            currentDirectory: package)
        let code = FlakeCheckCommand.main(
            ["run", "--package-path", package, "--changed-since", "HEAD~1", "--runs", "1", "--output", output],
            context: context)
        let data = try #require(FileManager.default.contents(atPath: output + "/report.json"), "\(stderr.text)")
        let report = try JSONReportFormat.decode(data, path: "report.json")
        let chosen = Dictionary(uniqueKeysWithValues: report.tests.map { ($0.id, $0.change) })
        let expected: [String: TestChange?] = [
            "LedgerTests.BalanceTests/testBalanceAddsPostings":
                .calls(function: "Rounding.total", through: ["Ledger.balance"]),
            "LedgerTests.OpeningTests/testOpeningHelperSeedsTen": .calls(function: "OpeningTests.opening"),
            "LedgerTests.FreshTests/testAFreshTest": .new,
        ]
        #expect(chosen == expected, "\(stderr.text)")
        #expect(stderr.text.contains("calls followed through the compiler's index"), "\(stderr.text)")
        #expect(stderr.text.contains("calls Rounding.total through Ledger.balance, changed"), "\(stderr.text)")
        #expect(report.tests.allSatisfy { $0.passed == 1 })
        #expect(code == ExitCode.success)
    }
}
