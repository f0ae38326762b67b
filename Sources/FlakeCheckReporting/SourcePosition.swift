
/// A `path:line[:column]` location as test output and reports print it, split into its parts for the
/// formats that want them apart (JUnit's `file`, GitHub's `file=`/`line=`).
package struct SourcePosition: Equatable {
    package var file: String
    package var line: Int?
    package var column: Int?

    package init(file: String, line: Int?, column: Int?) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `/src/App/Tests/CartTests.swift:12:5`, `CartTests.swift:12`, or a bare path.
    package init(_ location: String) {
        var parts = location.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        var numbers: [Int] = []
        while numbers.count < 2, parts.count > 1, let number = Int(parts[parts.count - 1]) {
            numbers.insert(number, at: 0)
            parts.removeLast()
        }
        file = parts.joined(separator: ":")
        line = numbers.first
        column = numbers.count > 1 ? numbers[1] : nil
    }
}
