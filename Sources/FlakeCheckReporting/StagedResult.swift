import FlakeCheckSupport
import Foundation

/// A command's result set (reports and kept logs), written beside the folder's last result and swapped
/// in only once all of it is written, so a failed start, a kill, a full disk or an unwritable folder
/// leaves the last complete set and every log it links.
///
/// Only files flakecheck wrote are ever replaced or deleted: the folder lists them in `.flakecheck-files`
/// (`OwnedFiles`), and a file not on that list stays byte for byte, whatever its name. The swap is a
/// journal: the new set's file list is written to `.flakecheck-commit` before the first file moves, so a
/// swap a kill cut short is finished by the next command that opens the folder (`sweep`), and a staging
/// folder without a journal was never complete and is deleted.
package struct StagedResult: Sendable {
    /// The folder the user named.
    package let output: OutputFolder
    /// Where this command writes its set: `.flakecheck-staging-PID` inside the output folder.
    package let staging: OutputFolder

    static let stagingPrefix = ".flakecheck-staging-"
    static let journalName = ".flakecheck-commit"

    /// Sweeps what killed commands left (`sweep`) and makes this process's staging folder. Call it with the
    /// folder's lock held.
    package init(output: OutputFolder) throws {
        self.output = output
        Self.sweep(output.path)
        let name = "\(Self.stagingPrefix)\(getpid())"
        try? FileManager.default.removeItem(atPath: "\(output.path)/\(name)")
        staging = OutputFolder(path: try output.subfolder(name))
    }

    /// Moves the staged set into the output folder. `replacing`: the files of the last set that this one
    /// does not have are deleted (a run, `parse`, `history`); otherwise they stay beside it (`merge`,
    /// `report`). Returns the paths of the set's files in the output folder.
    @discardableResult
    package func commit(replacing: Bool) throws -> [String] {
        let files = Self.files(under: staging.path)
        let journal = ([(staging.path as NSString).lastPathComponent] + files).joined(separator: "\n") + "\n"
        try output.write(Array(journal.utf8), as: Self.journalName)
        try Self.rollForward(output.path, stagingName: (staging.path as NSString).lastPathComponent, files: files, replacing: replacing)
        return files.map { "\(output.path)/\($0)" }
    }

    /// Deletes the staging folder without touching the last result (a failed or abandoned command).
    package func discard() {
        try? FileManager.default.removeItem(atPath: staging.path)
    }

    /// Finishes a swap a kill cut short, and deletes what killed commands left: staging folders without a
    /// journal, scratch folders, half-written temporary files, each only when the process named in it is
    /// gone.
    static func sweep(_ folder: String) {
        let manager = FileManager.default
        if let journal = try? String(contentsOfFile: "\(folder)/\(journalName)", encoding: .utf8) {
            let lines = journal.split(separator: "\n").map(String.init)
            if let staging = lines.first, staging.hasPrefix(stagingPrefix), !isAlive(staging) {
                try? rollForward(folder, stagingName: staging, files: Array(lines.dropFirst()), replacing: true)
            }
        }
        for name in (try? manager.contentsOfDirectory(atPath: folder)) ?? [] where isLeftover(name) && !isAlive(name) {
            try? manager.removeItem(atPath: "\(folder)/\(name)")
        }
    }

    /// The names flakecheck gives what a killed command can leave: its staging and scratch folders, the
    /// write probe, and the temporary files `OutputFolder.write` renames into place. Nothing else in the
    /// folder is ever swept, whatever it is called.
    static func isLeftover(_ name: String) -> Bool {
        let temporaries = ["report.json", "report.html", "report.md", "report.junit.xml", OwnedFiles.name, journalName]
        return name.hasPrefix(stagingPrefix) || name.hasPrefix(".scratch-") || name.hasPrefix(".flakecheck-write-test-")
            || temporaries.contains { name.hasPrefix(".\($0).tmp-") }
    }

    /// Whether the process whose ID ends `name` (`…-PID`) is still running.
    static func isAlive(_ name: String) -> Bool {
        guard let digits = name.split(separator: "-").last, let pid = Int32(digits), pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// Moves each listed file still in the staging folder into place, deletes (when `replacing`) the files
    /// of the last set that the new one lacks, writes the new list, and removes the journal and staging.
    static func rollForward(_ folder: String, stagingName: String, files: [String], replacing: Bool) throws {
        let output = OutputFolder(path: folder)
        let staging = "\(folder)/\(stagingName)"
        let manager = FileManager.default
        for file in files where manager.fileExists(atPath: "\(staging)/\(file)") {
            let parent = ((folder + "/" + file) as NSString).deletingLastPathComponent
            try? manager.createDirectory(atPath: parent, withIntermediateDirectories: true)
            guard rename("\(staging)/\(file)", "\(folder)/\(file)") == 0 else {
                throw FlakeCheckError.outputNotWritable(folder, reason: String(cString: strerror(errno)))
            }
        }
        let last = OwnedFiles.read(in: folder)
        let kept = Set(files)
        if replacing {
            for file in last where !kept.contains(file) {
                unlink("\(folder)/\(file)")
                removeEmptyParents(of: file, in: folder)
            }
        }
        try OwnedFiles.write(replacing ? files : Array(Set(last).union(files)).sorted(), in: output)
        unlink("\(folder)/\(journalName)")
        try? manager.removeItem(atPath: staging)
    }

    /// Removes the folders of a deleted file that are now empty (`logs/solo/`, then `logs/`), never one
    /// that still holds anything.
    private static func removeEmptyParents(of file: String, in folder: String) {
        var parent = (file as NSString).deletingLastPathComponent
        while !parent.isEmpty, rmdir("\(folder)/\(parent)") == 0 {
            parent = (parent as NSString).deletingLastPathComponent
        }
    }

    /// Every regular file under `folder`, as paths relative to it, sorted.
    package static func files(under folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let path = walker.nextObject() as? String {
            if (walker.fileAttributes?[.type] as? FileAttributeType) == .typeRegular { files.append(path) }
        }
        return files.sorted()
    }
}
