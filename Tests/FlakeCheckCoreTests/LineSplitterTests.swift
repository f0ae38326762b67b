import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

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

    /// A line longer than the limit is cut there; of the rest only its end is kept, as a line of its own,
    /// so memory stays bounded and a result glued onto the end is still seen.
    @Test func overlongLineIsCutAtTheLimitAndKeepsItsEnd() {
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 25)
        let cut = [String(repeating: "x", count: 10), String(repeating: "x", count: 15), "next"]
        #expect(Self.lines([long + Array("\nnext\n".utf8)], maximum: 10) == cut)
        #expect(Self.lines([Array(long[0..<7]), Array(long[7...]), Array("\nnext".utf8)], maximum: 10) == cut)
        #expect(
            Self.lines([Array(long[0..<10]), Array("\nnext".utf8)], maximum: 10) == [
                String(repeating: "x", count: 10), "next",
            ])
    }

    /// 2 MiB printed without a newline, then XCTest's own result line: the line is cut at 1 MiB, and the
    /// result at its end is still read, in any chunking, with only the tail held.
    @Test func resultGluedOntoAHugePrintIsStillSeen() {
        let print = [UInt8](repeating: UInt8(ascii: "x"), count: 2 << 20)
        let result = Array("Test Case 'T.testHuge' passed (0.001 seconds)\n".utf8)
        for chunk in [4096, 65_537, 3 << 20] {
            let bytes = print + result
            let chunks = stride(from: 0, to: bytes.count, by: chunk).map {
                Array(bytes[$0..<min($0 + chunk, bytes.count)])
            }
            let lines = Self.lines(chunks)
            #expect(lines.count == 2)
            #expect(lines.first?.utf8.count == LineSplitter.defaultMaximumLineLength)
            #expect(lines.last?.hasSuffix("Test Case 'T.testHuge' passed (0.001 seconds)") == true)
            #expect((lines.last?.utf8.count ?? 0) <= LineSplitter.tailLength)
        }
    }

    @Test func byteSearchMatchesFoundation() {
        let line = "Test Case 'A.b' started at 2026 'x' started ✘ → recorded"
        func offset(_ range: Range<String.Index>?) -> Int? {
            range.map { line.utf8.distance(from: line.startIndex, to: $0.lowerBound) }
        }
        line.withLineBytes { bytes in
            #expect(
                bytes.lastRange(of: "' started")?.lowerBound == offset(line.range(of: "' started", options: .backwards))
            )
            #expect(bytes.range(of: "' started")?.lowerBound == offset(line.range(of: "' started")))
            #expect(bytes.range(of: " recorded")?.lowerBound == offset(line.range(of: " recorded")))
            #expect(
                bytes.range(of: "' started", from: 17)?.lowerBound
                    == offset(line.range(of: "' started", options: .backwards)))
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
