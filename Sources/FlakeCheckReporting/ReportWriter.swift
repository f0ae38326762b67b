import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckSupport
import Foundation

/// Renders a report in each requested format and writes the files atomically into the output folder.
public struct ReportWriter {
    public var folder: OutputFolder

    public init(folder: OutputFolder) { self.folder = folder }

    /// Writes the requested formats. With `replacingOthers` (a fresh `run` or `parse` into the folder),
    /// report files of formats not asked for this time are removed: a CI step that uploads `*.xml` must
    /// never pick up a stale JUnit file from an earlier run.
    public func write(_ report: FlakeReport, formats: [ReportFormat], replacingOthers: Bool = false) throws -> [String]
    {
        if replacingOthers {
            for format in ReportFormat.allCases where !formats.contains(format) {
                try? FileManager.default.removeItem(atPath: "\(folder.path)/\(format.fileName)")
            }
        }
        return try formats.map { format in
            let bytes: [UInt8] =
                switch format {
                case .json: try JSONReportFormat.encodedBytes(report)
                case .markdown: Array(MarkdownReport().render(report).utf8)
                case .html: Array(HTMLReport().render(report).utf8)
                case .junit: Array(JUnitReport().render(report).utf8)
                }
            return try folder.write(bytes, as: format.fileName)
        }
    }
}
