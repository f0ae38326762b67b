import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport
import Foundation

/// The output folder of one session, locked for as long as the session holds this value: `logs/` emptied
/// for this session's logs, and a scratch folder private to this process that `close()` removes.
struct SessionFolder {
    package let output: OutputFolder
    package let logs: String
    /// Private to this process, even if a lock were ever bypassed (a folder on a file system without flock).
    package let scratch: String
    private let lock: OutputFolderLock

    init(outputPath: String) throws {
        output = OutputFolder(path: outputPath)
        try output.prepare()
        lock = try OutputFolderLock(folder: output.path)
        logs = "\(outputPath)/logs"
        try? FileManager.default.removeItem(atPath: logs)
        _ = try output.subfolder("logs")
        // Made last, so a failure above leaves no scratch folder behind.
        scratch = try output.subfolder(Self.scratchName)
    }

    /// The scratch folder's name in the output folder: one per process.
    private static var scratchName: String { ".scratch-\(getpid())" }

    /// A folder inside the scratch folder, created on demand.
    package func scratchSubfolder(_ name: String) throws -> String {
        try output.subfolder("\(Self.scratchName)/\(name)")
    }

    /// The folders the Runner writes in.
    package var paths: SessionPaths {
        let output = output
        let name = Self.scratchName
        return SessionPaths(
            logs: logs, scratch: scratch, outputSubfolder: { try output.subfolder($0) },
            scratchSubfolder: { try output.subfolder("\(name)/\($0)") })
    }

    package func close() {
        try? FileManager.default.removeItem(atPath: scratch)
        withExtendedLifetime(lock) {}
    }
}
