
/// What CI systems write before each line of a raw job log, taken off so `parse` reads the line as
/// `swift test` printed it. Each is recognised only at the line's start, in any order and repeated:
///
/// - GitHub Actions and Azure Pipelines: an ISO-8601 time and a space
///   (`2026-11-21T23:46:46.6513427Z Test Case …`), as the API and "view raw logs" give it;
/// - GitLab: its section markers (`ESC[0Ksection_start:1700000000:step_script\r ESC[0K`, `section_end:…`)
///   and, with runner timestamps, an ISO-8601 time, the stream and `O`/`E` (`… 00O `, `00O+ `);
/// - Buildkite: its timestamp, an APC sequence (`ESC _bk;t=1700000000000 BEL`);
/// - Jenkins' Timestamper: a bracketed time (`[2026-11-21T23:46:46.651Z] `, `[23:46:46] `);
/// - NUL bytes, and the byte order mark GitHub starts its logs with.
///
/// CRLF line ends are the line splitter's; ANSI colours are stripped after this, as for any line.
package enum CILogPrefix {
    /// Whether a GitLab line (timestamp and stream) starts a line of the job's output or goes on with the
    /// one before (`00O+`: the runner wrote a long line in parts).
    package enum GitLabPart: Equatable, Sendable {
        case starts, continued
    }

    /// The line without its CI prefixes; the line itself when it has none (the usual case, decided on its
    /// first byte).
    package static func content(of line: LineBytes) -> LineBytes { read(line).content }

    /// The line without its CI prefixes, and, for GitLab's timestamped lines, which part of a line it is.
    package static func read(_ line: LineBytes) -> (content: LineBytes, gitLab: GitLabPart?) {
        var line = line
        var part: GitLabPart?
        while let first = line.first {
            let rest: LineBytes?
            switch first {
            case 0: rest = line.dropFirst(1)
            case 0xEF where line.count >= 3 && line[1] == 0xBB && line[2] == 0xBF: rest = line.dropFirst(3)
            case 0x1B: rest = apc(line) ?? gitLabSection(line)
            case UInt8(ascii: "s"): rest = gitLabSection(line)
            case UInt8(ascii: "["): rest = bracketedTime(line)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                rest = isoTime(line).map { time in
                    let (afterStream, streamPart) = gitLabStream(time)
                    if let streamPart, part == nil { part = streamPart }
                    return afterStream
                }
            default: rest = nil
            }
            guard let rest, rest.count < line.count else { break }
            line = rest
        }
        return (line, part)
    }

    /// `ESC _ … BEL` (or `ESC \`), Buildkite's `_bk;t=…` among them.
    static func apc(_ line: LineBytes) -> LineBytes? {
        guard line.count >= 2, line[1] == UInt8(ascii: "_") else { return nil }
        for index in 2..<line.count {
            if line[index] == 0x07 { return line.dropFirst(index + 1) }
            if line[index] == UInt8(ascii: "\\"), line[index - 1] == 0x1B { return line.dropFirst(index + 1) }
        }
        return nil
    }

    /// GitLab's `[ESC[0K]section_start:TIME:NAME[options]\r ESC[0K` and `section_end:…`.
    static func gitLabSection(_ line: LineBytes) -> LineBytes? {
        let body = line.hasPrefix("\u{1B}[0K") ? line.dropFirst(4) : line
        guard body.hasPrefix("section_start:") || body.hasPrefix("section_end:"),
            let end = body.range(of: "\r\u{1B}[0K")
        else { return nil }
        return body.dropFirst(end.upperBound)
    }

    /// `YYYY-MM-DDTHH:MM:SS`, a fraction, `Z` or an offset, then one space.
    static func isoTime(_ line: LineBytes) -> LineBytes? {
        guard let end = isoTimeEnd(line, from: 0), end < line.count, line[end] == UInt8(ascii: " ") else { return nil }
        return line.dropFirst(end + 1)
    }

    /// An ISO-8601 time's fixed part, `d` for a digit (2026-11-21T23:46:46).
    private static let isoShape: [UInt8] = Array("dddd-dd-ddTdd:dd:dd".utf8)

    /// Where an ISO-8601 time starting at `start` ends, or nil when there is none.
    static func isoTimeEnd(_ line: LineBytes, from start: Int) -> Int? {
        let shape = isoShape
        guard line.count >= start + shape.count else { return nil }
        for (offset, expected) in shape.enumerated() {
            let byte = line[start + offset]
            if expected == UInt8(ascii: "d") {
                guard isDigit(byte) else { return nil }
            } else if byte != expected, !(expected == UInt8(ascii: "T") && byte == UInt8(ascii: " ")) {
                return nil
            }
        }
        var index = start + shape.count
        if index < line.count, line[index] == UInt8(ascii: ".") || line[index] == UInt8(ascii: ",") {
            index += 1
            while index < line.count, isDigit(line[index]) { index += 1 }
        }
        if index < line.count, line[index] == UInt8(ascii: "Z") {
            index += 1
        } else if index + 6 <= line.count, line[index] == UInt8(ascii: "+") || line[index] == UInt8(ascii: "-"),
            isDigit(line[index + 1]), isDigit(line[index + 2]), line[index + 3] == UInt8(ascii: ":")
        {
            index += 6
        }
        return index
    }

    /// GitLab's stream after its timestamp: two hex digits, `O` or `E`, an optional `+` (the line goes
    /// on from the one before), then a space.
    static func gitLabStream(_ line: LineBytes) -> (LineBytes, GitLabPart?) {
        guard line.count >= 4, isHex(line[0]), isHex(line[1]),
            line[2] == UInt8(ascii: "O") || line[2] == UInt8(ascii: "E")
        else { return (line, nil) }
        let continued = line[3] == UInt8(ascii: "+")
        let end = continued ? 4 : 3
        guard end < line.count, line[end] == UInt8(ascii: " ") else { return (line, nil) }
        return (line.dropFirst(end + 1), continued ? .continued : .starts)
    }

    /// Jenkins' `[ISO time] ` or `[HH:MM:SS(.fff)] `.
    static func bracketedTime(_ line: LineBytes) -> LineBytes? {
        guard let close = line.firstIndex(of: UInt8(ascii: "]")), close + 1 < line.count,
            line[close + 1] == UInt8(ascii: " ")
        else { return nil }
        let inside = line[1..<close]
        if isoTimeEnd(inside, from: 0) == inside.count { return line.dropFirst(close + 2) }
        // HH:MM:SS, with an optional fraction.
        guard inside.count >= 8, isDigit(inside[0]), isDigit(inside[1]), inside[2] == UInt8(ascii: ":"),
            isDigit(inside[3]), isDigit(inside[4]), inside[5] == UInt8(ascii: ":"), isDigit(inside[6]),
            isDigit(inside[7]),
            inside.count == 8
                || (inside[8] == UInt8(ascii: ".") && (9..<inside.count).allSatisfy { isDigit(inside[$0]) })
        else { return nil }
        return line.dropFirst(close + 2)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }
}
