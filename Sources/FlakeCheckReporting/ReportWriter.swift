import FlakeCheckModel
import Foundation

/// Renders a report in each requested format and writes each file atomically into a folder: a command's
/// staging folder (`StagedResult`), whose set is then swapped in whole.
package struct ReportWriter {
    package var folder: OutputFolder

    package init(folder: OutputFolder) { self.folder = folder }

    /// Writes the requested formats. Report files of formats not asked for this time go when the set
    /// replaces the last one (`StagedResult.commit(replacing:)`): a CI step that uploads `*.xml` must never
    /// pick up a stale JUnit file from an earlier run.
    package func write(_ report: FlakeReport, formats: [ReportFormat]) throws -> [String] {
        try formats.map { format in try folder.write(try format.renderer.bytes(of: report), as: format.fileName) }
    }
}

extension ReportWriter {
    /// Writes a command's report set into `output` whole, under the folder's lock: staged beside the last
    /// result and swapped in (`StagedResult`). `replacing`: the last set's files this one lacks go (`parse`,
    /// `history`); otherwise they stay (`merge`, `report`). Returns the written files' paths.
    package static func writeWhole(
        _ report: FlakeReport, formats: [ReportFormat], into output: OutputFolder, replacing: Bool
    ) throws -> [String] {
        let lock = try OutputFolderLock(folder: output.path)
        let staged = try StagedResult(output: output)
        defer {
            staged.discard()
            withExtendedLifetime(lock) {}
        }
        let names = try ReportWriter(folder: staged.staging).write(report, formats: formats)
            .map { ($0 as NSString).lastPathComponent }
        try staged.commit(replacing: replacing)
        return names.map { "\(output.path)/\($0)" }
    }
}
