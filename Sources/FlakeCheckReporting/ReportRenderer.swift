import FlakeCheckModel

/// What turns a report into one format's file (`ReportFormat`'s renderer): the bytes `ReportWriter` writes.
package protocol ReportRenderer {
    func bytes(of report: FlakeReport) throws -> [UInt8]
}

/// report.json, through its own encoder (`JSONReportFormat`).
struct JSONReportRenderer: ReportRenderer {
    func bytes(of report: FlakeReport) throws -> [UInt8] { try JSONReportFormat.encodedBytes(report) }
}

extension MarkdownReport: ReportRenderer {
    package func bytes(of report: FlakeReport) -> [UInt8] { Array(render(report).utf8) }
}

extension HTMLReport: ReportRenderer {
    package func bytes(of report: FlakeReport) -> [UInt8] { Array(render(report).utf8) }
}

extension JUnitReport: ReportRenderer {
    package func bytes(of report: FlakeReport) -> [UInt8] { Array(render(report).utf8) }
}
