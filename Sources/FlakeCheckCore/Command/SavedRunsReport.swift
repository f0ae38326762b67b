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

    /// Assembles, writes and presents the report of `records` and `tests`, with the options' gate.
    func write(command: String, packagePath: String?, files: [String], records: [RunRecord],
               tests: consuming [TestSummary], started: Date, output: OutputFolder, context: CommandContext) throws -> Int32 {
        // Owned from the caller to the report, so wording the report changes its tests in place instead of
        // copying thousands of them.
        var tests = consume tests
        let finished = context.now()
        baseline?.apply(to: &tests, today: finished)
        var configuration = FlakeReport.Configuration(
            packagePath: packagePath, filters: [], skips: [], runs: records.count, workers: 1, mode: command, timeoutSeconds: 0,
            buildConfiguration: "", minPassRate: options.minPassRate, confidence: options.confidence, toolchain: nil,
            inputFiles: files, shard: nil)
        configuration.targetFailureRate = options.targetFailureRate
        let report = FlakeReport.assemble(command: command, configuration: configuration, started: started,
                                          finished: finished, interrupted: false, runs: records, tests: consume tests)
        let written = try ReportWriter(folder: output).write(report, formats: options.formats, replacingOthers: true)
        return ReportPresenter(display: display, outputPath: output.path, keptLogs: false)
            .present(report, writtenFiles: written, context: context)
    }
}
