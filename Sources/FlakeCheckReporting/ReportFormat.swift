import FlakeCheckSupport
import Foundation

/// The files a command can write besides the terminal summary. Each format is declared once, in `entry`:
/// its file, the other names `--format` accepts for it, and its renderer; the help's list, the parser and
/// the writer read them from there, so a new format is a case, its row, and its renderer.
package enum ReportFormat: String, Sendable, CaseIterable {
    case json
    case markdown
    case html
    case junit

    /// Everything a format is, in one row.
    private var entry: (fileName: String, aliases: [String], renderer: any ReportRenderer) {
        switch self {
        case .json: ("report.json", [], JSONReportRenderer())
        case .markdown: ("report.md", ["md"], MarkdownReport())
        case .html: ("report.html", ["htm"], HTMLReport())
        case .junit: ("report.junit.xml", ["xml", "junit-xml"], JUnitReport())
        }
    }

    package var fileName: String { entry.fileName }

    /// What renders a report in this format.
    package var renderer: any ReportRenderer { entry.renderer }

    /// The formats' names as `--help` lists them: "json, markdown, html, junit".
    package static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// `--format`'s list: report.json always, first, then the others named.
    package static func parseList(_ text: String) throws -> [ReportFormat] {
        [.json] + (try named(in: text)).filter { $0 != .json }
    }

    /// Exactly the formats a comma-separated list names, in its order, each once (a name or an alias, in
    /// any case).
    package static func named(in text: String) throws -> [ReportFormat] {
        var formats: [ReportFormat] = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            guard let format = allCases.first(where: { $0.rawValue == name || $0.entry.aliases.contains(name) })
            else {
                throw FlakeCheckError.usage("unknown report format '\(name)'; known formats: \(names).")
            }
            if !formats.contains(format) { formats.append(format) }
        }
        return formats
    }
}
