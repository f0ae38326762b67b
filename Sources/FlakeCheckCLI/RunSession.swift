import FlakeCheckModel
import FlakeCheckReporting
import FlakeCheckRunner
import Foundation

/// `run`, `compare` and `demo` once their options are parsed: lock the output folder, let the Runner
/// measure (`SessionRunner`), and write the report's files. Presenting them is `ReportPresenter`'s.
public struct RunSession {
    public var plan: RunPlan
    var presentation: ReportPresentation
    public var context: CommandContext

    init(plan: RunPlan, presentation: ReportPresentation = ReportPresentation(), context: CommandContext) {
        self.plan = plan
        self.presentation = presentation
        self.context = context
    }

    /// The result of a session: the report, and where its files were written.
    public struct Outcome {
        public var report: FlakeReport
        public var writtenFiles: [String]
    }

    public func run(groups: [RunGroup], command: String) throws -> Outcome {
        let folder = try SessionFolder(outputPath: plan.outputPath)
        defer { folder.close() }
        let report = try SessionRunner(plan: plan, context: context).run(
            groups: groups, command: command, in: folder.paths)
        return Outcome(
            report: report,
            writtenFiles: try ReportWriter(folder: folder.output).write(
                report, formats: presentation.formats, replacingOthers: true))
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
