/// A plain text table with aligned columns, measured in characters, for the terminal summary.
struct TerminalTable {
    var headers: [String]
    var rows: [[String]]
    /// Columns to right-align (numbers).
    var rightAligned: Set<Int> = []
    /// The terminal's width: the first column (the names) gives up what the table needs beyond it,
    /// down to `minimumFirstColumn`, names losing their middle (`Module.Suite…Tests/testRace`).
    var maximumWidth: Int? = nil
    static let minimumFirstColumn = 24

    /// Characters a cell takes on screen: colour codes take none.
    static func visibleWidth(_ text: String) -> Int {
        text.contains("\u{1B}") ? ANSIEscapes.strip(text).count : text.count
    }

    /// `Module.Suite/testName()` cut to `width` in the middle, keeping the test's own name (after the
    /// last `/`) whole when it leaves room for the start: `[strategy] Module.Su…/testName()`.
    static func truncatingMiddle(_ text: String, to width: Int) -> String {
        guard text.count > width, width >= 3 else { return text }
        if let slash = text.lastIndex(of: "/") {
            let name = text[slash...]
            if name.count + 9 <= width { return String(text.prefix(width - 1 - name.count)) + "…" + name }
        }
        let tail = (width - 1) / 2
        return String(text.prefix(width - 1 - tail)) + "…" + String(text.suffix(tail))
    }

    func render() -> String {
        var rows = rows
        var widths = headers.indices.map { column in
            ([headers[column]] + rows.map { $0[column] }).map(Self.visibleWidth).max() ?? 0
        }
        let total = widths.reduce(0, +) + 2 * (widths.count - 1)
        if let maximumWidth, total > maximumWidth, !widths.isEmpty {
            widths[0] = max(Self.minimumFirstColumn, max(headers[0].count, widths[0] - (total - maximumWidth)))
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
