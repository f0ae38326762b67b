import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckSupport
import Foundation

/// The files a command can write besides the terminal summary.
public enum ReportFormat: String, Sendable, CaseIterable {
    case json
    case markdown
    case html
    case junit

    public var fileName: String {
        switch self {
        case .json: "report.json"
        case .markdown: "report.md"
        case .html: "report.html"
        case .junit: "report.junit.xml"
        }
    }

    package static func parseList(_ text: String) throws -> [ReportFormat] {
        var formats: [ReportFormat] = [.json]
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            let normalised =
                switch name {
                case "md": "markdown"
                case "htm": "html"
                case "xml", "junit-xml": "junit"
                default: name
                }
            guard let format = ReportFormat(rawValue: normalised) else {
                let known = ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw FlakeCheckError.usage("unknown report format '\(name)'; known formats: \(known).")
            }
            if !formats.contains(format) { formats.append(format) }
        }
        return formats
    }
}
