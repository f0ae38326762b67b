/// Turns a byte stream that arrives in arbitrary chunks into complete lines.
///
/// Lines are split on `\n` bytes only, so a chunk boundary inside a multi-byte UTF-8 character is
/// harmless: the bytes wait in the buffer until their line is complete, and only then are decoded
/// (invalid UTF-8 becomes U+FFFD instead of being dropped). `\r\n` and a lone trailing `\r` are
/// treated as the end of a line. A line longer than `maximumLineLength` bytes is cut there, so a
/// child that prints megabytes without a newline cannot make flakecheck's memory grow without bound.
public struct LineSplitter: Sendable {
    public static let defaultMaximumLineLength = 1 << 20

    private var buffer: [UInt8] = []
    private var discardingRestOfLine = false
    private let maximumLineLength: Int

    public init(maximumLineLength: Int = LineSplitter.defaultMaximumLineLength) {
        self.maximumLineLength = maximumLineLength
    }

    /// Feeds a chunk; calls `emit` once per completed line, without its terminator.
    public mutating func feed(_ bytes: some Sequence<UInt8>, emit: (String) -> Void) {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { feed(buffer: $0, emit: emit) }
        if handled == nil {
            let copy = Array(bytes)
            copy.withUnsafeBufferPointer { feed(buffer: $0, emit: emit) }
        }
    }

    /// Finds each newline with one pass over the chunk and copies whole runs of bytes, instead of
    /// appending byte by byte.
    private mutating func feed(buffer: UnsafeBufferPointer<UInt8>, emit: (String) -> Void) {
        var start = 0
        let newline = UInt8(ascii: "\n")
        while start < buffer.count {
            var end = start
            while end < buffer.count && buffer[end] != newline { end += 1 }
            if !discardingRestOfLine {
                let room = maximumLineLength - self.buffer.count
                let take = min(room, end - start)
                self.buffer.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<(start + take)]))
                if take < end - start || self.buffer.count >= maximumLineLength {
                    emitBuffer(emit)
                    self.buffer.removeAll(keepingCapacity: false)
                    discardingRestOfLine = true
                }
            }
            guard end < buffer.count else { return }
            if !discardingRestOfLine { emitBuffer(emit) }
            self.buffer.removeAll(keepingCapacity: true)
            discardingRestOfLine = false
            start = end + 1
        }
    }

    /// Emits whatever is left when the stream ends without a final newline.
    public mutating func finish(emit: (String) -> Void) {
        if !buffer.isEmpty && !discardingRestOfLine { emitBuffer(emit) }
        buffer.removeAll()
        discardingRestOfLine = false
    }

    private func emitBuffer(_ emit: (String) -> Void) {
        var end = buffer.count
        if end > 0 && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        emit(String(decoding: buffer[0..<end], as: UTF8.self))
    }
}
