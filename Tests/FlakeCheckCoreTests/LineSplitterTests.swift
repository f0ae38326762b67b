import Foundation
import Testing
@testable import FlakeCheckCore

@Suite struct LineSplitterTests {
    static func lines(_ chunks: [[UInt8]], maximum: Int = LineSplitter.defaultMaximumLineLength) -> [String] {
        var splitter = LineSplitter(maximumLineLength: maximum)
        var lines: [String] = []
        for chunk in chunks { splitter.feed(chunk) { lines.append($0.string) } }
        splitter.finish { lines.append($0.string) }
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

    @Test func byteSearchMatchesFoundation() {
        let line = "Test Case 'A.b' started at 2026 'x' started ✘ → recorded"
        func offset(_ range: Range<String.Index>?) -> Int? { range.map { line.utf8.distance(from: line.startIndex, to: $0.lowerBound) } }
        line.withLineBytes { bytes in
            #expect(bytes.lastRange(of: "' started")?.lowerBound == offset(line.range(of: "' started", options: .backwards)))
            #expect(bytes.range(of: "' started")?.lowerBound == offset(line.range(of: "' started")))
            #expect(bytes.range(of: " recorded")?.lowerBound == offset(line.range(of: " recorded")))
            #expect(bytes.range(of: "' started", from: 17)?.lowerBound == offset(line.range(of: "' started", options: .backwards)))
            #expect(bytes.range(of: "missing") == nil)
            #expect(bytes.lastRange(of: "missing") == nil)
            #expect(bytes.hasPrefix("Test Case '") && !bytes.hasPrefix("Test Suite"))
        }
    }

    /// Durations are read without a String; only plain decimals count, so `nan` or `inf` in a garbled
    /// line can never reach the timing statistics.
    @Test func decimalsAreReadExactlyAsDoubleWould() {
        for text in ["0.004", "12", "0.1", ".5", "5.", "123456.789012345", "0.000001", "1234567890123456.5"] {
            #expect(text.withLineBytes(\.decimal) == Double(text), "\(text)")
        }
        for text in ["", ".", "1.2.3", "nan", "inf", "1e3", "-1", "0x10", " 1"] {
            #expect(text.withLineBytes(\.decimal) == nil, "\(text)")
        }
    }
}
