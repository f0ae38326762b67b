import Foundation
import FlakeCheckReporting
import Testing

/// A command's result set goes in whole or not at all, and only files flakecheck wrote are ever replaced
/// or deleted in an output folder.
@Suite struct StagedResultTests {
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "flakecheck-staged-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The ID of a process that has ended: what a SIGKILLed command leaves in its files' names.
    static func deadPID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    static func stage(_ files: [String: String], in output: OutputFolder) throws -> StagedResult {
        let staged = try StagedResult(output: output)
        for (path, text) in files {
            let full = staged.staging.path + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: false, encoding: .utf8)
        }
        return staged
    }

    static func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    @Test func aNewSetReplacesOnlyTheFilesTheLastOneWrote() throws {
        let path = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = OutputFolder(path: path)
        try FileManager.default.createDirectory(atPath: path + "/logs", withIntermediateDirectories: true)
        try "mine".write(toFile: path + "/logs/mine.log", atomically: false, encoding: .utf8)
        try "user's".write(toFile: path + "/report.md", atomically: false, encoding: .utf8)
        try Self.stage(["report.json": "1", "report.html": "1", "logs/run-00001.log": "1"], in: output)
            .commit(replacing: true)
        try Self.stage(["report.json": "2"], in: output).commit(replacing: true)
        #expect(Self.read(path + "/report.json") == "2")
        #expect(Self.read(path + "/report.html") == nil, "the last set's file this one lacks goes")
        #expect(Self.read(path + "/logs/run-00001.log") == nil)
        #expect(Self.read(path + "/logs/mine.log") == "mine", "a file flakecheck did not write stays")
        #expect(Self.read(path + "/report.md") == "user's")
        #expect(OwnedFiles.read(in: path) == ["report.json"])
    }

    @Test func aSetThatAddsKeepsTheLastOnesFiles() throws {
        let path = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = OutputFolder(path: path)
        try Self.stage(["report.json": "1"], in: output).commit(replacing: true)
        try Self.stage(["report.html": "merged"], in: output).commit(replacing: false)
        #expect(Self.read(path + "/report.json") == "1")
        #expect(OwnedFiles.read(in: path) == ["report.html", "report.json"])
    }

    /// Killed after its journal was written: the next command finishes the swap before anything else.
    @Test func aSwapAKillCutShortIsFinishedByTheNextCommand() throws {
        let path = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = OutputFolder(path: path)
        try Self.stage(["report.json": "old", "logs/run-00001.log": "old"], in: output).commit(replacing: true)
        let dead = ".flakecheck-staging-\(try Self.deadPID())"
        try FileManager.default.createDirectory(atPath: "\(path)/\(dead)/logs", withIntermediateDirectories: true)
        try "new".write(toFile: "\(path)/\(dead)/logs/run-00002.log", atomically: false, encoding: .utf8)
        // report.json had already moved in when the kill came.
        try "new".write(toFile: "\(path)/report.json", atomically: false, encoding: .utf8)
        try "\(dead)\nlogs/run-00002.log\nreport.json\n".write(
            toFile: path + "/.flakecheck-commit", atomically: false, encoding: .utf8)
        let next = try StagedResult(output: output)
        next.discard()
        #expect(Self.read(path + "/logs/run-00002.log") == "new")
        #expect(Self.read(path + "/logs/run-00001.log") == nil)
        #expect(OwnedFiles.read(in: path) == ["logs/run-00002.log", "report.json"])
        #expect(!FileManager.default.fileExists(atPath: "\(path)/\(dead)"))
        #expect(!FileManager.default.fileExists(atPath: path + "/.flakecheck-commit"))
    }

    /// A staging folder without a journal was never complete: swept, with a dead run's scratch and
    /// temporary files; a live process's are left alone.
    @Test func leftoversOfDeadProcessesAreSweptAndLiveOnesKept() throws {
        let path = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let dead = try Self.deadPID()
        for name in [".flakecheck-staging-\(dead)", ".scratch-\(dead)", ".scratch-\(getpid())"] {
            try FileManager.default.createDirectory(atPath: "\(path)/\(name)", withIntermediateDirectories: true)
        }
        try "x".write(toFile: "\(path)/.report.json.tmp-\(dead)", atomically: false, encoding: .utf8)
        try "x".write(toFile: "\(path)/keep.tmp-\(dead)", atomically: false, encoding: .utf8)
        // Someone's own dot file shaped like a temporary one is not flakecheck's to sweep.
        try "x".write(toFile: "\(path)/.env.tmp-\(dead)", atomically: false, encoding: .utf8)
        let staged = try StagedResult(output: OutputFolder(path: path))
        staged.discard()
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: path))
        #expect(left == [".scratch-\(getpid())", "keep.tmp-\(dead)", ".env.tmp-\(dead)"])
    }
}
