/// A parser that is fed raw bytes in whatever chunks a pipe or file delivers and works line by line.
/// The byte handling lives here once, so every parser is only its per-line logic.
public protocol StreamingLineParser {
    var splitter: LineSplitter { get set }
    mutating func parse(line: String, emit: (TestEvent) -> Void)
    /// Called after the last line, for state a parser holds back (a multi-line message).
    mutating func endOfStream(emit: (TestEvent) -> Void)
}

extension StreamingLineParser {
    public mutating func feed(_ bytes: some Sequence<UInt8>, emit: (TestEvent) -> Void) {
        var lines: [String] = []
        splitter.feed(bytes) { lines.append($0) }
        for line in lines { parse(line: line, emit: emit) }
    }

    public mutating func finish(emit: (TestEvent) -> Void) {
        var lines: [String] = []
        splitter.finish { lines.append($0) }
        for line in lines { parse(line: line, emit: emit) }
        endOfStream(emit: emit)
    }

    public mutating func endOfStream(emit: (TestEvent) -> Void) {}
}
