import FlakeCheckModel

/// SwiftPM's word that a test process died: `error: Process '<binary> <arguments>' exited with unexpected
/// signal code 6` (Swift 6.3), or `error: Exited with unexpected signal code 6` (later versions).
///
/// SwiftPM prints it on its stderr while the dead process's stdout is still being copied to its stdout,
/// so in a `2>&1` log it can land inside another line (`Test Case 'A.b' pas` + the error + `sed (0.1
/// seconds)` on the next line). It is text another process wrote into the stream: the parser takes it
/// out before the line is read, and the line's start goes on in the next line.
package struct ProcessDeathLine {
    /// Where the text is in the line, from `error: ` to the signal's number.
    package var range: Range<Int>
    /// The library the dead process ran, when the quoted command line says (`--testing-library
    /// swift-testing` is Swift Testing's); XCTest otherwise.
    package var framework: TestFramework
    /// The signal that ended it.
    package var signal: Int32?

    /// A test that costs a few bytes' look, not a search: SwiftPM ends its line with a newline, so the text
    /// always ends its line (`… signal code 6`), wherever the line began.
    static func mayBeIn(_ line: LineBytes) -> Bool {
        var end = line.count
        if end > 0, line[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        var digits = 0
        while end > 0, line[end - 1].isASCIIDigit, digits < 4 {
            end -= 1
            digits += 1
        }
        let marker = "xited with unexpected signal code ".utf8.count
        guard digits > 0, end >= marker + 8 else { return false }
        return line[(end - marker)..<end].equals("xited with unexpected signal code ")
    }

    package static func find(in line: LineBytes) -> ProcessDeathLine? {
        guard let marker = line.range(of: "xited with unexpected signal code ") else { return nil }
        var end = marker.upperBound
        while end < line.count, line[end].isASCIIDigit { end += 1 }
        guard end > marker.upperBound else { return nil }
        // The newer form is `error: Exited with …`; the older `error: Process '…' exited with …`.
        if marker.lowerBound >= 8, line[(marker.lowerBound - 8)..<marker.lowerBound].equals("error: E") {
            return ProcessDeathLine(
                range: (marker.lowerBound - 8)..<end, framework: .xctest,
                signal: line[marker.upperBound..<end].leadingInteger.map(Int32.init))
        }
        guard marker.lowerBound >= 3, line[(marker.lowerBound - 3)..<marker.lowerBound].equals("' e") else {
            return nil
        }
        var start: Int?
        var search = 0
        while let found = line.range(of: "error: Process '", from: search), found.lowerBound < marker.lowerBound {
            start = found.lowerBound
            search = found.upperBound
        }
        guard let start else { return nil }
        let command = line[start..<marker.lowerBound]
        return ProcessDeathLine(
            range: start..<end,
            framework: command.contains("--testing-library swift-testing") ? .swiftTesting : .xctest,
            signal: line[marker.upperBound..<end].leadingInteger.map(Int32.init))
    }
}
