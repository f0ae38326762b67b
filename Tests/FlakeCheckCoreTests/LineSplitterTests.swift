import Foundation
import Testing
@testable import FlakeCheckCore

@Suite struct LineSplitterTests {
    static func lines(_ chunks: [[UInt8]], maximum: Int = LineSplitter.defaultMaximumLineLength) -> [String] {
        var splitter = LineSplitter(maximumLineLength: maximum)
        var lines: [String] = []
        for chunk in chunks { splitter.feed(chunk) { lines.append($0) } }
        splitter.finish { lines.append($0) }
        return lines
    }

    @Test func crlfAndMissingFinalNewline() {
        #expect(Self.lines([Array("a\r\nb\n\nc".utf8)]) == ["a", "b", "", "c"])
    }

    /// `✔` is three bytes; split between them it must still decode whole.
    @Test func multiByteCharacterSplitAcrossChunks() {
        let bytes = Array("✔ Test x() passed.\n".utf8)
        #expect(Self.lines([Array(bytes[0..<1]), Array(bytes[1..<2]), Array(bytes[2...])]) == ["✔ Test x() passed."])
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        #expect(Self.lines([[0x61, 0xFF, 0x62, 0x0A]]) == ["a\u{FFFD}b"])
    }

    /// A line longer than the limit is cut there and the rest of it dropped, so memory stays bounded.
    @Test func overlongLineIsCutAtTheLimit() {
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 25)
        #expect(Self.lines([long + Array("\nnext\n".utf8)], maximum: 10) == [String(repeating: "x", count: 10), "next"])
        #expect(Self.lines([Array(long[0..<7]), Array(long[7...]), Array("\nnext".utf8)], maximum: 10)
            == [String(repeating: "x", count: 10), "next"])
    }

    @Test func utf8SearchMatchesFoundation() {
        let line = "Test Case 'A.b' started at 2026 'x' started"
        #expect(line.utf8Range(of: "' started", backwards: true) == line.range(of: "' started", options: .backwards))
        #expect(line.utf8Range(of: "' started") == line.range(of: "' started"))
        #expect(line.utf8Range(of: "missing") == nil)
        #expect("✘ Test → x recorded".utf8Range(of: " recorded") == "✘ Test → x recorded".range(of: " recorded"))
    }
}
