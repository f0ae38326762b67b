/// Turns a byte stream that arrives in arbitrary chunks into complete lines.
///
/// Lines are split on `\n` bytes only, so a chunk boundary inside a multi-byte UTF-8 character is
/// harmless: only a line's start that is still waiting for its end is copied into the buffer, and a line
/// that lies wholly inside a chunk is handed on as a view of the chunk, without a copy. `\r\n` and a lone
/// trailing `\r` are treated as the end of a line. A line longer than `maximumLineLength` bytes is cut
/// there, so a child that prints megabytes without a newline cannot make flakecheck's memory grow
/// without bound.
public struct LineSplitter: Sendable {
    public static let defaultMaximumLineLength = 1 << 20

    /// The start of a line whose `\n` has not arrived yet.
    private var pending: [UInt8] = []
    private var discardingRestOfLine = false
    private let maximumLineLength: Int

    public init(maximumLineLength: Int = LineSplitter.defaultMaximumLineLength) {
        self.maximumLineLength = maximumLineLength
    }

    /// Feeds a chunk; calls `emit` once per completed line, without its terminator. The line's bytes are
    /// valid only during the call.
    public mutating func feed(_ bytes: some Sequence<UInt8>, emit: (LineBytes) -> Void) {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { feed(chunk: $0, emit: emit) }
        if handled == nil {
            Array(bytes).withUnsafeBufferPointer { feed(chunk: $0, emit: emit) }
        }
    }

    /// Emits whatever is left when the stream ends without a final newline.
    public mutating func finish(emit: (LineBytes) -> Void) {
        if !pending.isEmpty && !discardingRestOfLine { emitPending(emit) }
        pending.removeAll()
        discardingRestOfLine = false
    }

    private mutating func feed(chunk: UnsafeBufferPointer<UInt8>, emit: (LineBytes) -> Void) {
        let whole = LineBytes(chunk)
        var start = 0
        while start < chunk.count {
            guard let newline = whole.firstIndex(of: UInt8(ascii: "\n"), from: start) else {
                hold(whole[start..<chunk.count], emit: emit)
                return
            }
            complete(whole[start..<newline], emit: emit)
            start = newline + 1
        }
    }

    /// A line's end arrived: emit it straight from the chunk when nothing of it is buffered.
    private mutating func complete(_ piece: LineBytes, emit: (LineBytes) -> Void) {
        if discardingRestOfLine {
            discardingRestOfLine = false
            return
        }
        guard !pending.isEmpty else {
            emit(Self.withoutCarriageReturn(piece.prefix(maximumLineLength)))
            return
        }
        pending.append(contentsOf: piece.prefix(maximumLineLength - pending.count).buffer)
        emitPending(emit)
        pending.removeAll(keepingCapacity: pending.capacity <= 1 << 16)
    }

    /// A line's start without its end: keep it, up to the limit; at the limit emit it cut and skip the rest.
    private mutating func hold(_ piece: LineBytes, emit: (LineBytes) -> Void) {
        guard !discardingRestOfLine else { return }
        pending.append(contentsOf: piece.prefix(maximumLineLength - pending.count).buffer)
        if pending.count >= maximumLineLength {
            emitPending(emit)
            pending.removeAll()
            discardingRestOfLine = true
        }
    }

    private func emitPending(_ emit: (LineBytes) -> Void) {
        pending.withUnsafeBufferPointer { emit(Self.withoutCarriageReturn(LineBytes($0))) }
    }

    private static func withoutCarriageReturn(_ line: LineBytes) -> LineBytes {
        line.last == UInt8(ascii: "\r") ? line.prefix(line.count - 1) : line
    }
}
