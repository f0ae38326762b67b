import FlakeCheckModel
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport
import Foundation

/// `run`, `compare` and `demo` once their options are parsed: lock the output folder, let the Runner
/// measure (`SessionRunner`), and write the report's files. Presenting them is `ReportPresenter`'s.
package struct RunSession {
    package var plan: RunPlan
    var presentation: ReportPresentation
    package var context: CommandContext

    init(plan: RunPlan, presentation: ReportPresentation = ReportPresentation(), context: CommandContext) {
        self.plan = plan
        self.presentation = presentation
        self.context = context
    }

    /// The result of a session: the report, and where its files were written, or why they could not be.
    package struct Outcome {
        package var report: FlakeReport
        package var writtenFiles: [String]
        package var notWritten: FlakeCheckError?
    }

    /// Measures, then writes the report set and its logs beside the folder's last result and swaps them in
    /// whole. A session that fails before (a filter that matches nothing, a build failure, Ctrl-C during
    /// the build) leaves the last result as it was, but for the failed build's log; one whose files cannot
    /// be written still returns its report, to be shown.
    package func run(groups: [RunGroup], command: String) throws -> Outcome {
        let folder = try SessionFolder(outputPath: plan.outputPath)
        defer { folder.close() }
        if folder.heldOthersFiles, !plan.quiet {
            context.stderr.write(
                "note: \(plan.outputPath) holds files flakecheck did not write; they are left as they are\n")
        }
        let report: FlakeReport
        do {
            report = try SessionRunner(plan: plan, context: context).run(
                groups: groups, command: command, in: folder.paths)
        } catch let error as FlakeCheckError {
            if case .buildFailed = error { Self.keepBuildLog(of: folder) }
            throw error
        }
        do {
            let names = try ReportWriter(folder: folder.staged.staging).write(report, formats: presentation.formats)
                .map { ($0 as NSString).lastPathComponent }
            try folder.staged.commit(replacing: true)
            return Outcome(report: report, writtenFiles: names.map { "\(plan.outputPath)/\($0)" })
        } catch let error as FlakeCheckError {
            return Outcome(report: report, writtenFiles: [], notWritten: error)
        }
    }

    /// A failed build's log is the one file of a failed start worth keeping: it alone goes in, beside the
    /// last result, as the error says (`logs/build.log`).
    static func keepBuildLog(of folder: SessionFolder) {
        let staging = folder.staged.staging.path
        for file in StagedResult.files(under: staging) where file != "logs/build.log" {
            unlink("\(staging)/\(file)")
        }
        _ = try? folder.staged.commit(replacing: false)
    }
}

extension SessionRunner {
    /// The Runner for a command: its plan, the context's part the Runner needs, and Reporting's words.
    package init(plan: RunPlan, context: CommandContext) {
        self.init(plan: plan, context: context.session)
        wording = .reporting
    }
}

extension SessionWording {
    /// Reporting's wording of incidents, configuration notes and changes.
    package static var reporting: SessionWording {
        var wording = SessionWording()
        wording.incident = { $0.message }
        wording.configurationNote = { $0.sentence }
        wording.change = { $0.reason }
        return wording
    }
}
