
/// A parser that is fed raw bytes in whatever chunks a pipe or file delivers and works line by line.
/// The byte handling lives here once, so every parser is only its per-line logic.
public protocol StreamingLineParser {
    var splitter: LineSplitter { get set }
    /// Parses one complete line, without its terminator. The bytes are valid only during the call.
    mutating func parse(line: LineBytes, emit: (TestEvent) -> Void)
    /// Called after the last line, for state a parser holds back (a multi-line message).
    mutating func endOfStream(emit: (TestEvent) -> Void)
}

extension StreamingLineParser {
    /// Inlinable, like `LineSplitter.feed`: specialised for the reader's chunk type in its own module.
    @inlinable public mutating func feed(_ bytes: some Sequence<UInt8>, emit: (TestEvent) -> Void) {
        // The splitter is taken out while it runs, so each line can be parsed the moment it is found,
        // while its bytes are still the chunk's, instead of being copied out first.
        var splitter = self.splitter
        self.splitter = LineSplitter()
        splitter.feed(bytes) { parse(line: $0, emit: emit) }
        self.splitter = splitter
    }

    public mutating func finish(emit: (TestEvent) -> Void) {
        var splitter = self.splitter
        self.splitter = LineSplitter()
        splitter.finish { parse(line: $0, emit: emit) }
        self.splitter = splitter
        endOfStream(emit: emit)
    }

    public mutating func endOfStream(emit: (TestEvent) -> Void) {}
}
