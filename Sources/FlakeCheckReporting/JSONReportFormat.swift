import FlakeCheckModel
import FlakeCheckSupport
import Foundation

/// `report.json`: keys sorted, tests sorted by ID, slashes unescaped, so two reports of the same
/// outcomes are byte-for-byte comparable and diff well. Written by `JSONTreeEncoder`, which prints what
/// `JSONEncoder` with those options prints in less than half the time.
package enum JSONReportFormat {
    package static func encode(_ report: FlakeReport) throws -> Data { Data(try encodedBytes(report)) }

    /// The bytes of `encode`, without the copy into `Data` (a large report's bytes are written as they are).
    static func encodedBytes(_ report: FlakeReport) throws -> [UInt8] {
        var shell = report
        shell.tests = []
        shell.runs = []
        let tree = try JSONTreeEncoder.tree(of: shell)
        var replaced = 0
        var printedBytes = 0
        if case .object(let root) = tree {
            for (position, member) in root.members.enumerated() {
                let parts: [[UInt8]]
                switch member.key {
                case "tests": parts = try printedInParts(report.tests, JSONMemberWriter.printedItems)
                case "runs": parts = try printedInParts(report.runs, JSONMemberWriter.printedItems)
                default: continue
                }
                root.members[position].value = .printedItems(parts)
                printedBytes += parts.reduce(0) { $0 + $1.count }
                replaced += 1
            }
        }
        // The emptied arrays must have been filled again: a renamed key would otherwise drop every test.
        precondition(replaced == 2, "report.json's `tests` and `runs` keys were not found in the encoded report")
        var writer = JSONTreeWriter(capacity: 16_384 + printedBytes)
        writer.write(tree)
        writer.append(byte: UInt8(ascii: "\n"))
        return writer.bytes
    }

    /// The items of one of report.json's long arrays (tests, runs), printed at their depth (2) in as many
    /// parts as there are cores: they are most of a large report, and each prints on its own (a report of
    /// 3,000 tests spent a quarter of `parse`'s time printing them). Each item is written from its members
    /// (`JSONMemberWriter.printedItems`), without a tree.
    private static func printedInParts<Item: Sendable>(
        _ items: [Item], _ print: @Sendable (ArraySlice<Item>) throws -> [UInt8]
    ) throws -> [[UInt8]] {
        let partCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, items.count / minimumItemsPerPart))
        let partSize = (items.count + partCount - 1) / partCount
        let starts = items.isEmpty ? [] : Array(stride(from: 0, to: items.count, by: partSize))
        let printed = ParallelResults<[UInt8]>(count: starts.count)
        DispatchQueue.concurrentPerform(iterations: starts.count) { part in
            let range = starts[part]..<min(starts[part] + partSize, items.count)
            printed.set(part, Result { try print(items[range]) })
        }
        return try printed.values()
    }

    /// Below this, a second thread costs more than it saves.
    private static let minimumItemsPerPart = 250

    /// Reads a saved report from disk; `shownPath` is how errors name it.
    package static func load(_ path: String, shownPath: String) throws -> FlakeReport {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FlakeCheckError.unreadableFile(shownPath, reason: "no such file or not readable")
        }
        return try decode(data, path: shownPath)
    }

    /// Reads a saved report, refusing schema versions this build does not know; version 1 is brought to
    /// the current one (`ReportVersion1`).
    /// The schema version a report file was written in, before any upgrade; nil when it says none.
    package static func writtenSchemaVersion(atPath path: String) -> Int? {
        struct Version: Decodable { var schemaVersion: Int? }
        return FileManager.default.contents(atPath: path).flatMap {
            try? JSONDecoder().decode(Version.self, from: $0).schemaVersion
        }
    }

    package static func decode(_ data: Data, path: String) throws -> FlakeReport {
        struct Version: Decodable { var schemaVersion: Int? }
        guard let version = try? JSONDecoder().decode(Version.self, from: data) else {
            throw FlakeCheckError.invalidReport(path, reason: "it is not JSON")
        }
        guard let schemaVersion = version.schemaVersion else {
            throw FlakeCheckError.invalidReport(path, reason: "it has no schemaVersion")
        }
        guard schemaVersion <= FlakeReport.currentSchemaVersion else {
            throw FlakeCheckError.invalidReport(
                path,
                reason: "its schemaVersion \(schemaVersion) is newer than this flakecheck understands "
                    + "(\(FlakeReport.currentSchemaVersion)); upgrade flakecheck")
        }
        do {
            let report = try JSONDecoder().decode(FlakeReport.self, from: data)
            return schemaVersion == 1 ? try ReportVersion1.upgrade(report, from: data) : report
        } catch let error as DecodingError {
            throw FlakeCheckError.invalidReport(path, reason: Self.reason(error))
        } catch {
            throw FlakeCheckError.invalidReport(path, reason: "\(error)")
        }
    }

    /// A decoding error in words: which field, where, and what was wrong with it.
    static func reason(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            let names = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return names.isEmpty ? "at its top level" : "at \(names.dropFirst())"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "it has no field '\(key.stringValue)' \(place(context.codingPath))"
        case .valueNotFound(_, let context):
            return "its field '\(context.codingPath.last?.stringValue ?? "?")' is null \(place(context.codingPath))"
        case .typeMismatch(_, let context), .dataCorrupted(let context):
            return "its field '\(context.codingPath.last?.stringValue ?? "?")' is not what a report holds there "
                + "\(place(context.codingPath))"
        @unknown default:
            return "\(error)"
        }
    }
}
