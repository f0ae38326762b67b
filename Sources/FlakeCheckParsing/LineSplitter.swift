
/// Turns a byte stream that arrives in arbitrary chunks into complete lines.
///
/// Lines are split on `\n` bytes only, so a chunk boundary inside a multi-byte UTF-8 character is
/// harmless: only a line's start that is still waiting for its end is copied into the buffer, and a line
/// that lies wholly inside a chunk is handed on as a view of the chunk, without a copy. `\r\n` and a lone
/// trailing `\r` are treated as the end of a line. A line longer than `maximumLineLength` bytes is cut
/// there, so a child that prints megabytes without a newline cannot make flakecheck's memory grow
/// without bound; its last `tailLength` bytes are kept and emitted as a line of their own when the line
/// ends, because that is where a test library's result line lands when it is glued onto a long print.
public struct LineSplitter: Sendable {
    public static let defaultMaximumLineLength = 1 << 20
    /// How much of an over-long line's end is kept: far more than any result line (a test name is at most
    /// a few KB), so the glued result is always inside it.
    public static let tailLength = 64 << 10

    /// The start of a line whose `\n` has not arrived yet.
    private var pending: [UInt8] = []
    private var discardingRestOfLine = false
    /// The newest bytes of an over-long line past its cut, at most `2 * tailLength` before trimming.
    private var tail: [UInt8] = []
    private let maximumLineLength: Int

    public init(maximumLineLength: Int = LineSplitter.defaultMaximumLineLength) {
        self.maximumLineLength = maximumLineLength
    }

    /// Feeds a chunk; calls `emit` once per completed line, without its terminator. The line's bytes are
    /// valid only during the call. Inlinable, so a reader in another module gets it specialised for its
    /// chunk type (`Data`) instead of going through the generic `Sequence` witnesses per chunk.
    @inlinable public mutating func feed(_ bytes: some Sequence<UInt8>, emit: (LineBytes) -> Void) {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { feed(chunk: $0, emit: emit) }
        if handled == nil {
            Array(bytes).withUnsafeBufferPointer { feed(chunk: $0, emit: emit) }
        }
    }

    /// Emits whatever is left when the stream ends without a final newline.
    public mutating func finish(emit: (LineBytes) -> Void) {
        if !pending.isEmpty && !discardingRestOfLine { emitPending(emit) }
        if discardingRestOfLine { emitTail(emit) }
        pending.removeAll()
        discardingRestOfLine = false
    }

    @usableFromInline mutating func feed(chunk: UnsafeBufferPointer<UInt8>, emit: (LineBytes) -> Void) {
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
            keepTail(piece)
            emitTail(emit)
            discardingRestOfLine = false
            return
        }
        guard !pending.isEmpty else {
            emit(Self.withoutCarriageReturn(piece.prefix(maximumLineLength)))
            if piece.count > maximumLineLength {
                keepTail(piece.dropFirst(maximumLineLength))
                emitTail(emit)
            }
            return
        }
        let room = maximumLineLength - pending.count
        pending.append(contentsOf: piece.prefix(room).buffer)
        emitPending(emit)
        pending.removeAll(keepingCapacity: pending.capacity <= 1 << 16)
        if piece.count > room {
            keepTail(piece.dropFirst(room))
            emitTail(emit)
        }
    }

    /// A line's start without its end: keep it, up to the limit; at the limit emit it cut and skip the rest.
    private mutating func hold(_ piece: LineBytes, emit: (LineBytes) -> Void) {
        guard !discardingRestOfLine else {
            keepTail(piece)
            return
        }
        let room = maximumLineLength - pending.count
        pending.append(contentsOf: piece.prefix(room).buffer)
        if pending.count >= maximumLineLength {
            emitPending(emit)
            pending.removeAll()
            discardingRestOfLine = true
            keepTail(piece.dropFirst(room))
        }
    }

    /// Keeps the newest `tailLength` bytes (at least) of the part of a line past its cut.
    private mutating func keepTail(_ piece: LineBytes) {
        tail.append(contentsOf: piece.dropFirst(piece.count - 2 * Self.tailLength).buffer)
        if tail.count > 2 * Self.tailLength { tail.removeFirst(tail.count - Self.tailLength) }
    }

    /// The over-long line ended: its kept end is a line of its own (empty when the cut fell at its end).
    private mutating func emitTail(_ emit: (LineBytes) -> Void) {
        if tail.count > Self.tailLength { tail.removeFirst(tail.count - Self.tailLength) }
        if !tail.isEmpty { tail.withUnsafeBufferPointer { emit(Self.withoutCarriageReturn(LineBytes($0))) } }
        tail.removeAll()
    }

    private func emitPending(_ emit: (LineBytes) -> Void) {
        pending.withUnsafeBufferPointer { emit(Self.withoutCarriageReturn(LineBytes($0))) }
    }

    private static func withoutCarriageReturn(_ line: LineBytes) -> LineBytes {
        line.last == UInt8(ascii: "\r") ? line.prefix(line.count - 1) : line
    }
}
