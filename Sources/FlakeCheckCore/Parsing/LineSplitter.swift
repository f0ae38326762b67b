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
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if !discardingRestOfLine { emitBuffer(emit) }
                buffer.removeAll(keepingCapacity: true)
                discardingRestOfLine = false
                continue
            }
            if discardingRestOfLine { continue }
            buffer.append(byte)
            if buffer.count >= maximumLineLength {
                emitBuffer(emit)
                buffer.removeAll(keepingCapacity: false)
                discardingRestOfLine = true
            }
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
