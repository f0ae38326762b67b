/// A plain text table with aligned columns, measured in characters, for the terminal summary.
struct TerminalTable {
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

    /// Characters a cell takes on screen: colour codes take none.
    static func visibleWidth(_ text: String) -> Int {
        text.utf8.contains(0x1B) ? ANSIEscapes.strip(text).count : text.count
    }

    /// `Module.Suite/testName()` cut to `width` from the module and suite end, never from the test's own
    /// name (after the last `/`): `[strategy] Module.Su…/testName()`, or `…/testName()` when only the name
    /// fits. `render` makes the column wide enough for every name.
    static func truncatingMiddle(_ text: String, to width: Int) -> String {
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

    func render() -> String {
        var headers = headers
        var rows = rows
        var rightAligned = rightAligned
        var widths = headers.indices.map { column in
            ([headers[column]] + rows.map { $0[column] }).map(Self.visibleWidth).max() ?? 0
        }
        for column in optionalColumns {
            guard let maximumWidth, widths.reduce(0, +) + 2 * (widths.count - 1) > maximumWidth, column < widths.count else { break }
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
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: max(0, widths[column] - Self.visibleWidth(cell)))
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(headers), rule] + rows.map(line)).joined(separator: "\n") + "\n"
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
