import Foundation

/// Renders a report in each requested format and writes the files atomically into the output folder.
public struct ReportWriter {
    public var folder: OutputFolder

    public init(folder: OutputFolder) { self.folder = folder }

    public func write(_ report: FlakeReport, formats: [ReportFormat]) throws -> [String] {
        try formats.map { format in
            let data: Data = switch format {
            case .json: try JSONReportFormat.encode(report)
            case .markdown: Data(MarkdownReport().render(report).utf8)
            case .html: Data(HTMLReport().render(report).utf8)
            case .junit: Data(JUnitReport().render(report).utf8)
            }
            return try folder.write(data, as: format.fileName)
        }
    }
}
