import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckReporting
import FlakeCheckSupport
import Foundation

/// What `parse` and `history` share: both read runs from files someone saved, so both check every file
/// before reading any (a typo in the last of 10,000 paths is found before the first is read), and both
/// write the same report from the runs and summaries they gathered.
struct SavedRunsReport {
    var options: ReportOptions
    var display: DisplayOptions
    var baseline: Baseline?

    /// Every file exists, is a file, and can be read; `-` (standard input) is always fine. `inFolder` says
    /// which files of a folder given by mistake to pass instead (`logs/*.txt`).
    static func checkReadable(_ files: [String], context: CommandContext, inFolder: (String) -> String) throws {
        for file in files where file != "-" {
            let path = context.absolutePath(file)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw FlakeCheckError.unreadableFile(file, reason: "no such file")
            }
            guard !isFolder.boolValue else {
                throw FlakeCheckError.unreadableFile(file, reason: "it is a folder; pass \(inFolder(file))")
            }
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw FlakeCheckError.unreadableFile(file, reason: "permission denied")
            }
        }
    }

    /// Assembles, writes and presents the report of `records` and each test's `facts`, with the options'
    /// baseline and gate.
    func write(
        command: String, packagePath: String?, files: [String], records: [RunRecord],
        facts: consuming [TestFacts], started: Date, output: OutputFolder, context: CommandContext
    ) throws -> Int32 {
        var facts = consume facts
        let finished = context.now()
        if let listings = baseline?.listings(today: finished) {
            for index in facts.indices { facts[index].baseline = listings[facts[index].id] }
        }
        let tests = TestSummary.summaries(
            facts, confidence: options.gate.confidence, targetFailureRate: options.gate.targetFailureRate)
        var configuration = FlakeReport.Configuration(
            packagePath: packagePath, filters: [], skips: [], runs: records.count, workers: 1, mode: command,
            timeoutSeconds: 0,
            buildConfiguration: "", minPassRate: options.gate.minPassRate, confidence: options.gate.confidence,
            toolchain: nil,
            inputFiles: files, shard: nil)
        configuration.targetFailureRate = options.gate.targetFailureRate
        let report = FlakeReport.assemble(
            command: command, configuration: configuration, started: started,
            finished: finished, interrupted: false, runs: records, tests: consume tests)
        let written = try ReportWriter.writeWhole(report, formats: options.formats, into: output, replacing: true)
        return ReportPresenter(display: display, outputPath: output.path, keptLogs: false)
            .present(report, writtenFiles: written, context: context)
    }
}
