
/// Finds a result line glued onto a test's own print. A print without a trailing newline (a progress
/// indicator, `print(x, terminator: "")`) puts the framework's next line on the same line:
///
///     progress 50%\rdoneTest Case 'A.testB' passed (0.002 seconds)
///     uploading…✔ Test upload() passed after 0.004 seconds.
///
/// The glued line is always the last thing on the line, so the last XCTest or Swift Testing line start
/// is tried, once each: linear in the line. Whether a found result may count is the parser's decision
/// (only for a test that is running), because quoted log text looks exactly the same.
enum GluedResult {
    static func find(in line: LineBytes, names: inout TestNameTable) -> ConsoleLine? {
        if let start = line.lastRange(of: "Test Case '"), start.lowerBound > 0,
            let meaning = XCTestLineClassifier.classify(line.dropFirst(start.lowerBound), names: &names)
        {
            return meaning
        }
        if let start = lastSymbolLineStart(in: line) {
            return SwiftTestingLineClassifier.classify(line.dropFirst(start), names: &names)
        }
        return nil
    }

    /// Where the last `<symbol> Test ` inside the line starts: one to eight non-ASCII bytes (the symbol),
    /// a space, `Test `. Not position 0, which the parser has already tried.
    private static func lastSymbolLineStart(in line: LineBytes) -> Int? {
        var found: Int?
        var search = 1
        while let test = line.range(of: " Test ", from: search) {
            var start = test.lowerBound
            while start > test.lowerBound - 8, start > 0, line[start - 1] >= 0x80 { start -= 1 }
            if start < test.lowerBound, start > 0 { found = start }
            search = test.upperBound - 1
        }
        return found
    }
}
