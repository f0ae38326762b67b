import FlakeCheckReporting
import FlakeCheckRunner
import Foundation

/// The output folder of one session, locked for as long as the session holds this value. The session's
/// logs and reports are written to a staging folder beside the last result (`StagedResult`) and swapped
/// in whole by `commit`; a scratch folder private to this process holds what no report links. `close()`
/// removes both, so a session that fails before its commit leaves the last result as it was.
struct SessionFolder {
    let output: OutputFolder
    let staged: StagedResult
    /// Where the session's logs are written (in the staging folder).
    let logs: String
    /// Private to this process, even if a lock were ever bypassed (a folder on a file system without flock).
    let scratch: String
    /// The folder held files flakecheck did not write and no list of its own: they are left as they are.
    let heldOthersFiles: Bool
    /// The folder did not exist before this session: a session that writes nothing leaves none behind.
    private let madeFolder: Bool
    private let lock: OutputFolderLock

    init(outputPath: String) throws {
        output = OutputFolder(path: outputPath)
        madeFolder = !FileManager.default.fileExists(atPath: outputPath)
        try output.prepare()
        lock = try OutputFolderLock(folder: output.path)
        heldOthersFiles = Self.holdsOthersFiles(outputPath)
        staged = try StagedResult(output: output)
        logs = try staged.staging.subfolder("logs")
        // Made last, so a failure above leaves no scratch folder behind.
        scratch = try output.subfolder(Self.scratchName)
    }

    /// Whether a folder without flakecheck's list of its files holds anything but flakecheck's own.
    static func holdsOthersFiles(_ folder: String) -> Bool {
        guard !OwnedFiles.exists(in: folder) else { return false }
        let own: Set<String> = ["report.json", "report.html", "report.md", "report.junit.xml", "logs"]
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).contains {
            !$0.hasPrefix(".flakecheck") && !$0.hasPrefix(".scratch-") && !own.contains($0)
        }
    }

    /// The scratch folder's name in the output folder: one per process.
    private static var scratchName: String { ".scratch-\(getpid())" }

    /// A folder inside the scratch folder, created on demand.
    func scratchSubfolder(_ name: String) throws -> String {
        try output.subfolder("\(Self.scratchName)/\(name)")
    }

    /// The folders the Runner writes in: the staging folder's, for everything a report links.
    var paths: SessionPaths {
        let output = output
        let staging = staged.staging
        let name = Self.scratchName
        return SessionPaths(
            logs: logs, logsShownAs: "\(output.path)/logs", scratch: scratch,
            outputSubfolder: { try staging.subfolder($0) },
            scratchSubfolder: { try output.subfolder("\(name)/\($0)") })
    }

    func close() {
        try? FileManager.default.removeItem(atPath: scratch)
        staged.discard()
        // A session that failed before writing anything (no package, no test matched) leaves no folder.
        if madeFolder, !OwnedFiles.exists(in: output.path) {
            unlink("\(output.path)/.flakecheck.lock")
            rmdir(output.path)
        }
        withExtendedLifetime(lock) {}
    }
}
