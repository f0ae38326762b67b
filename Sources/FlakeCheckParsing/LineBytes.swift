
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One line's UTF-8 bytes, borrowed from the chunk the pipe delivered (or the splitter's buffer) for the
/// duration of a callback, and never stored.
///
/// The parsers classify lines on these bytes and decode a String only for what an event keeps (a test
/// name, a message). Decoding every line first, then searching it through `String.Index`, cost more than
/// everything else together: every marker a classifier looks for is ASCII, so byte offsets give the same
/// answers, and `memchr`/`memcmp` find them without per-character work.
public struct LineBytes {
    public let buffer: UnsafeBufferPointer<UInt8>

    public init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    public var count: Int { buffer.count }
    public var isEmpty: Bool { buffer.isEmpty }
    package var first: UInt8? { buffer.first }
    package var last: UInt8? { buffer.last }

    package subscript(position: Int) -> UInt8 { buffer[position] }

    /// A sub-line whose offsets start again at 0.
    package subscript(range: Range<Int>) -> LineBytes { LineBytes(UnsafeBufferPointer(rebasing: buffer[range])) }

    package func prefix(_ length: Int) -> LineBytes { self[0..<Swift.min(Swift.max(length, 0), count)] }
    package func dropFirst(_ length: Int) -> LineBytes { self[Swift.min(Swift.max(length, 0), count)..<count] }

    /// The line as text; invalid UTF-8 becomes U+FFFD rather than being dropped.
    public var string: String { String(decoding: buffer, as: UTF8.self) }

    /// At most `limit` bytes as text, cut before a multi-byte character rather than through it.
    package func string(limitedTo limit: Int) -> String {
        guard count > limit else { return string }
        var end = limit
        while end > 0 && buffer[end] & 0xC0 == 0x80 { end -= 1 }
        return prefix(end).string
    }

    /// `self`, then `separator`, then `other`, as one String made in one go (test names like `Class/method`).
    package func string(joinedBy separator: UInt8, _ other: LineBytes) -> String {
        let length = count + 1 + other.count
        return String(unsafeUninitializedCapacity: length) { output in
            UnsafeMutableRawBufferPointer(output).copyBytes(from: UnsafeRawBufferPointer(buffer))
            output[count] = separator
            UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(output)[(count + 1)...])
                .copyBytes(from: UnsafeRawBufferPointer(other.buffer))
            return length
        }
    }

    package func hasPrefix(_ text: StaticString) -> Bool {
        text.withUTF8Buffer { expected in
            expected.count <= count
                && (expected.isEmpty || memcmp(buffer.baseAddress!, expected.baseAddress!, expected.count) == 0)
        }
    }

    /// The bytes equal `text` exactly. (Not `utf8CodeUnitCount`: a one-character literal such as `"↳"`
    /// may be stored as a scalar, which only `withUTF8Buffer` reads.)
    package func equals(_ text: StaticString) -> Bool {
        text.withUTF8Buffer { $0.count == count } && hasPrefix(text)
    }

    package func firstIndex(of byte: UInt8, from start: Int = 0) -> Int? {
        guard start < count, let base = buffer.baseAddress,
            let found = memchr(base + start, Int32(byte), count - start)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    package func lastIndex(of byte: UInt8) -> Int? {
        var position = count - 1
        while position >= 0 {
            if buffer[position] == byte { return position }
            position -= 1
        }
        return nil
    }

    package func contains(_ byte: UInt8) -> Bool { firstIndex(of: byte) != nil }
    package func contains(_ text: StaticString) -> Bool { range(of: text) != nil }

    /// The first occurrence of `text` at or after `start`.
    package func range(of text: StaticString, from start: Int = 0) -> Range<Int>? {
        text.withUTF8Buffer { target in
            guard let first = target.first, let targetBase = target.baseAddress, let base = buffer.baseAddress else {
                return nil
            }
            var position = start
            while let found = firstIndex(of: first, from: position), found + target.count <= count {
                if memcmp(base + found, targetBase, target.count) == 0 { return found..<(found + target.count) }
                position = found + 1
            }
            return nil
        }
    }

    /// The last occurrence of `text`.
    package func lastRange(of text: StaticString) -> Range<Int>? {
        text.withUTF8Buffer { target in
            guard let first = target.first, let targetBase = target.baseAddress, let base = buffer.baseAddress,
                target.count <= count
            else { return nil }
            var position = count - target.count
            while position >= 0 {
                if buffer[position] == first && memcmp(base + position, targetBase, target.count) == 0 {
                    return position..<(position + target.count)
                }
                position -= 1
            }
            return nil
        }
    }

    /// The number the bytes start with (`2 of 3).` gives 2): at most nine digits, nil when none lead.
    var leadingInteger: Int? {
        var value = 0
        var length = 0
        for byte in buffer {
            guard byte.isASCIIDigit, length < 9 else { break }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            length += 1
        }
        return length > 0 ? value : nil
    }

    /// `30 tests in 15 suites …` or `1 test, with …` → the count a summary line starts with; nil when the
    /// bytes do not start with a number of tests.
    var countOfTests: Int? {
        guard let count = leadingInteger, dropFirst(String(count).utf8.count).hasPrefix(" test") else { return nil }
        return count
    }

    /// Reads `12`, `0.004` or `.5` (digits with at most one dot, nothing else) without making a String.
    /// Anything else, `nan` and `1e3` included, is not a duration a test library prints, so it gives nil.
    package var decimal: Double? {
        var digits: UInt64 = 0
        var digitCount = 0
        var fractionDigits: Int?
        for byte in buffer {
            if byte == UInt8(ascii: ".") {
                guard fractionDigits == nil else { return nil }
                fractionDigits = 0
            } else if byte.isASCIIDigit {
                digitCount += 1
                if digitCount <= 15 { digits = digits * 10 + UInt64(byte - UInt8(ascii: "0")) }
                if fractionDigits != nil { fractionDigits! += 1 }
            } else {
                return nil
            }
        }
        guard digitCount > 0 else { return nil }
        // Up to 15 digits the integer and the power of ten are exact doubles, so one division rounds
        // exactly as strtod would; longer numbers (never printed in practice) take the slow path.
        guard digitCount <= 15 else { return Double(string) }
        return Double(digits) / Self.powersOfTen[fractionDigits ?? 0]
    }

    private static let powersOfTen: [Double] = (0...15).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }
}

extension String {
    /// Runs `body` on the string's UTF-8 bytes as a line, for code that holds a String but classifies bytes.
    package func withLineBytes<Result>(_ body: (LineBytes) -> Result) -> Result {
        var copy = self
        return copy.withUTF8 { body(LineBytes($0)) }
    }
}

extension UInt8 {
    /// `0` to `9`: line numbers, columns and durations are all the classifiers read as numbers.
    var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}
