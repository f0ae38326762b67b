import Foundation
import FlakeCheckRunner
import Testing

/// A run's log keeps its head and its tail, and says how much it cut between them.
@Suite struct RunLogCapTests {
    static func logged(_ chunks: [String], maximumBytes: Int, keep: Bool = true) throws -> String? {
        let path = NSTemporaryDirectory() + "flakecheck-runlog-\(UUID().uuidString).log"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = RunLog(path: path, maximumBytes: maximumBytes)
        for chunk in chunks { Array(chunk.utf8).withUnsafeBytes { log.write($0) } }
        log.finish(keep: keep)
        return try? String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func aLogUnderTheCapIsWholeAndUncut() throws {
        #expect(try Self.logged(["abc", "def"], maximumBytes: 100) == "abcdef")
    }

    @Test func aLongLogKeepsItsHeadAndTailAndSaysWhatWasCut() throws {
        let chunks = (0..<100).map { String(format: "line %03d\n", $0) }  // 9 bytes each, 900 in all
        let text = try #require(try Self.logged(chunks, maximumBytes: 90))
        #expect(text.hasPrefix("line 000\nline 001\nline 002\nline 003\nline 004\n"))
        #expect(text.hasSuffix("line 095\nline 096\nline 097\nline 098\nline 099\n"))
        #expect(text.contains("flakecheck cut 810 bytes of output here"))
    }

    @Test func aCleanRunsLogIsStillDeleted() throws {
        #expect(try Self.logged(["x"], maximumBytes: 10, keep: false) == nil)
    }
}
