import Foundation

/// `report.json`: keys sorted, tests sorted by ID, slashes unescaped, so two reports of the same
/// outcomes are byte-for-byte comparable and diff well. Written by `JSONTreeEncoder`, which prints what
/// `JSONEncoder` with those options prints in less than half the time.
public enum JSONReportFormat {
    public static func encode(_ report: FlakeReport) throws -> Data {
        var writer = JSONTreeWriter(capacity: 1_000 + report.tests.count * 1_500 + report.runs.count * 200)
        writer.write(try JSONTreeEncoder.tree(of: report))
        return Data(writer.bytes + [UInt8(ascii: "\n")])
    }

    /// Reads a saved report from disk; `shownPath` is how errors name it.
    public static func load(_ path: String, shownPath: String) throws -> FlakeReport {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FlakeCheckError.unreadableFile(shownPath, reason: "no such file or not readable")
        }
        return try decode(data, path: shownPath)
    }

    /// Reads a saved report, refusing schema versions this build does not know.
    public static func decode(_ data: Data, path: String) throws -> FlakeReport {
        struct Version: Decodable { var schemaVersion: Int? }
        guard let version = try? JSONDecoder().decode(Version.self, from: data) else {
            throw FlakeCheckError.invalidReport(path, reason: "it is not JSON")
        }
        guard let schemaVersion = version.schemaVersion else {
            throw FlakeCheckError.invalidReport(path, reason: "it has no schemaVersion")
        }
        guard schemaVersion <= FlakeReport.currentSchemaVersion else {
            throw FlakeCheckError.invalidReport(
                path, reason: "its schemaVersion \(schemaVersion) is newer than this flakecheck understands "
                    + "(\(FlakeReport.currentSchemaVersion)); upgrade flakecheck")
        }
        do {
            return try JSONDecoder().decode(FlakeReport.self, from: data)
        } catch {
            throw FlakeCheckError.invalidReport(path, reason: "\(error)")
        }
    }
}
