import FlakeCheckParsing

/// A plain text table with aligned columns, measured in characters, for the terminal summary.
package struct TerminalTable {
    var headers: [String]
    var rows: [[String]]
    /// Columns to right-align (numbers).
    var rightAligned: Set<Int> = []
    /// The terminal's width: the first column (the names) gives up what the table needs beyond it,
    /// down to `minimumFirstColumn`, names losing their middle (`Module.Suite…Tests/testRace`).
    var maximumWidth: Int? = nil
    /// Columns that may go, in this order, when the table is wider than `maximumWidth`.
    var optionalColumns: [Int] = []
    static let minimumFirstColumn = 24
    /// A test's own name longer than this is cut after all (a parameterized name with long labels).
    static let maximumNameColumn = 60

    /// Characters a cell takes on screen: colour codes take none. Plain ASCII, nearly every cell, is
    /// measured in bytes: counting characters in a large table's cells took longer than printing it.
    static func visibleWidth(_ text: String) -> Int {
        var isPlainASCII = true
        for byte in text.utf8 where byte >= 0x80 || byte == 0x1B {
            isPlainASCII = false
            break
        }
        if isPlainASCII { return text.utf8.count }
        return text.utf8.contains(0x1B) ? ANSIEscapes.strip(text).count : text.count
    }

    /// `Module.Suite/testName()` cut to `width` from the module and suite end, never from the test's own
    /// name (after the last `/`): `[strategy] Module.Su…/testName()`, or `…/testName()` when only the name
    /// fits. `render` makes the column wide enough for every name.
    package static func truncatingMiddle(_ text: String, to width: Int) -> String {
        guard text.count > width, width >= 3 else { return text }
        if let name = ownName(of: text), name.count + 1 <= width {
            return String(text.prefix(width - 1 - name.count)) + "…" + name
        }
        let tail = (width - 1) / 2
        return String(text.prefix(width - 1 - tail)) + "…" + String(text.suffix(tail))
    }

    /// The part of an ID a person looks for: from its last `/` (`/testName()`), or its last `.` for a
    /// top-level Swift Testing function (`.name()`).
    static func ownName(of text: String) -> Substring? {
        if let slash = text.lastIndex(of: "/") { return text[slash...] }
        return text.lastIndex(of: ".").map { text[$0...] }
    }

    package func render() -> String {
        var headers = headers
        var rows = rows
        var rightAligned = rightAligned
        var widths = headers.map(Self.visibleWidth)
        for row in rows {
            for column in widths.indices { widths[column] = max(widths[column], Self.visibleWidth(row[column])) }
        }
        for column in optionalColumns {
            guard let maximumWidth, widths.reduce(0, +) + 2 * (widths.count - 1) > maximumWidth, column < widths.count
            else { break }
            headers.remove(at: column)
            widths.remove(at: column)
            for index in rows.indices { rows[index].remove(at: column) }
            rightAligned = Set(rightAligned.compactMap { $0 == column ? nil : $0 > column ? $0 - 1 : $0 })
        }
        let total = widths.reduce(0, +) + 2 * (widths.count - 1)
        if let maximumWidth, total > maximumWidth, !widths.isEmpty {
            // The names never lose their own part: the column stays wide enough for the longest of them.
            let names = rows.compactMap { Self.ownName(of: $0[0]).map { $0.count + 1 } }.max() ?? 0
            let floor = max(Self.minimumFirstColumn, min(names, Self.maximumNameColumn))
            widths[0] = max(floor, max(headers[0].count, widths[0] - (total - maximumWidth)))
            for index in rows.indices { rows[index][0] = Self.truncatingMiddle(rows[index][0], to: widths[0]) }
        }
        // One string, appended to: a table of thousands of rows made a string per cell, padding and line.
        var text = ""
        text.reserveCapacity((widths.reduce(0, +) + 2 * widths.count + 1) * (rows.count + 2))
        func appendLine(_ cells: [String]) {
            for (column, cell) in cells.enumerated() {
                if column > 0 { text += "  " }
                let padding = max(0, widths[column] - Self.visibleWidth(cell))
                if rightAligned.contains(column) {
                    Self.appendSpaces(padding, to: &text)
                    text += cell
                } else {
                    text += cell
                    Self.appendSpaces(padding, to: &text)
                }
            }
            // The line before ends in a newline, so this stops within the line.
            let trailing = text.utf8.reversed().prefix { $0 == UInt8(ascii: " ") }.count
            if trailing > 0 { text.removeLast(trailing) }
            text += "\n"
        }
        appendLine(headers)
        text += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
        rows.forEach(appendLine)
        return text
    }

    private static let spaces = String(repeating: " ", count: 128)

    private static func appendSpaces(_ count: Int, to text: inout String) {
        var remaining = count
        while remaining > 0 {
            let part = min(remaining, spaces.utf8.count)
            text += Substring(spaces.utf8.prefix(part))
            remaining -= part
        }
    }
}
