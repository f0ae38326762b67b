/// Prints a `JSONTree` byte for byte as Foundation's `JSONEncoder` prints with `.prettyPrinted`,
/// `.sortedKeys` and `.withoutEscapingSlashes` (two-space indent, `"key" : value`, keys in UTF-8 order,
/// `1.0` as `1`), so report.json did not change when it stopped using `JSONEncoder`. A test holds the
/// two to the same bytes.
package struct JSONTreeWriter {
    package var bytes: [UInt8] = []
    /// The depth being written at; `JSONMemberWriter` steps it as it writes objects.
    package var indent = 0
    /// The written order of the members of the last object of each size: a report's thousands of test
    /// objects share a few shapes, and their keys are the same literals, so a hit costs pointer compares.
    private var orderBySize: [Int: (keys: [String], order: [Int])] = [:]
    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)
    /// The text of recently written numbers, in a direct-mapped cache: slot `s` holds the number whose
    /// bits are `cachedBits[s]` and its text, `cachedLengths[s]` bytes at `cachedTexts[s * 32]`.
    private var cachedBits = [UInt64](repeating: 0, count: Self.cacheSlots)
    private var cachedLengths = [UInt8](repeating: 0, count: Self.cacheSlots)
    private var cachedTexts = [UInt8](repeating: 0, count: Self.cacheSlots * 32)
    private static let cacheSlots = 4_096

    /// `indent`: the depth the first value will be written at (items printed apart from their array).
    package init(capacity: Int = 1 << 16, indent: Int = 0) {
        bytes.reserveCapacity(capacity)
        self.indent = indent
    }

    package mutating func write(_ tree: JSONTree) {
        switch tree {
        case .null: append("null")
        case .bool(let value): append(value ? "true" : "false")
        case .integer(let value):
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            writeDigits(value.magnitude)
        case .unsignedInteger(let value): writeDigits(value)
        case .number(let value): writeNumber(value)
        case .float(let value): bytes.append(contentsOf: Self.withoutPointZero(Array(value.description.utf8)))
        case .string(let value): writeString(value)
        case .array(let array): writeArray(array.items)
        case .object(let object): writeObject(object.members)
        case .pending(let encoder): write(encoder.encoded ?? .object(JSONTreeObject()))
        case .printedItems(let parts): writePrintedArray(parts)
        }
    }

    private mutating func writePrintedArray(_ parts: [[UInt8]]) {
        writeBracketed(parts) { $0.bytes.append(contentsOf: $1) }
    }

    private mutating func writeArray(_ items: [JSONTree]) {
        writeBracketed(items) { $0.write($1) }
    }

    /// `[`, each element on its own line one level deeper, `]`: an array of values or of printed parts.
    mutating func writeBracketed<Element>(
        _ elements: [Element], _ writeElement: (inout JSONTreeWriter, Element) throws -> Void
    ) rethrows {
        bytes.append(UInt8(ascii: "["))
        bytes.append(UInt8(ascii: "\n"))
        indent += 1
        for (position, element) in elements.enumerated() {
            if position > 0 { append(",\n") }
            writeIndent()
            try writeElement(&self, element)
        }
        bytes.append(UInt8(ascii: "\n"))
        indent -= 1
        writeIndent()
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func writeObject(_ members: [(key: String, value: JSONTree)]) {
        bytes.append(UInt8(ascii: "{"))
        bytes.append(UInt8(ascii: "\n"))
        indent += 1
        let order = writtenOrder(of: members.map(\.key))
        var first = true
        for (position, index) in order.enumerated() {
            if position + 1 < order.count, members[order[position + 1]].key == members[index].key { continue }
            if !first { append(",\n") }
            first = false
            writeIndent()
            writeString(members[index].key)
            append(" : ")
            write(members[index].value)
        }
        bytes.append(UInt8(ascii: "\n"))
        indent -= 1
        writeIndent()
        bytes.append(UInt8(ascii: "}"))
    }

    /// Member positions sorted by key, then by position, so that of a key encoded twice the later value
    /// is the one kept.
    mutating func writtenOrder(of keys: [String]) -> [Int] {
        if let cached = orderBySize[keys.count], cached.keys == keys {
            return cached.order
        }
        let order = keys.indices.sorted { left, right in
            let leftKey = keys[left].utf8, rightKey = keys[right].utf8
            if leftKey.elementsEqual(rightKey) { return left < right }
            return leftKey.lexicographicallyPrecedes(rightKey)
        }
        orderBySize[keys.count] = (keys, order)
        return order
    }

    /// `description` without a trailing `.0`, as Foundation prints a Double. A report repeats the same
    /// few durations and rates thousands of times, so each value's text is made once and kept in a slot
    /// its bits pick (a dictionary's hashing cost more than the printing it saved).
    private mutating func writeNumber(_ value: Double) {
        let bits = value.bitPattern
        let slot = Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 52)
        if cachedLengths[slot] > 0, cachedBits[slot] == bits {
            let start = slot * 32
            bytes.append(contentsOf: cachedTexts[start..<(start + Int(cachedLengths[slot]))])
            return
        }
        let text = Self.withoutPointZero(Array(value.description.utf8))
        if text.count <= 32 {
            cachedBits[slot] = bits
            cachedLengths[slot] = UInt8(text.count)
            cachedTexts.replaceSubrange((slot * 32)..<(slot * 32 + text.count), with: text)
        }
        bytes.append(contentsOf: text)
    }

    private static func withoutPointZero(_ text: [UInt8]) -> [UInt8] {
        guard text.count > 2, text[text.count - 2] == UInt8(ascii: "."), text[text.count - 1] == UInt8(ascii: "0")
        else {
            return text
        }
        return Array(text.dropLast(2))
    }

    mutating func writeIndent() {
        var remaining = indent * 2
        while remaining > 0 {
            let count = min(remaining, Self.spaces.count)
            bytes.append(contentsOf: Self.spaces[..<count])
            remaining -= count
        }
    }

    private mutating func writeDigits(_ value: UInt64) {
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var remaining = value, start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            } while remaining > 0
            bytes.append(contentsOf: buffer[start...])
        }
    }

    /// Escapes as Foundation does: quote, backslash and control characters; `/` and non-ASCII as they are.
    mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        let copied: Bool? = text.utf8.withContiguousStorageIfAvailable { utf8 in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                return false
            }
            bytes.append(contentsOf: utf8)
            return true
        }
        if copied != true { writeEscaped(text) }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func writeEscaped(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case UInt8(ascii: "\n"): append("\\n")
            case UInt8(ascii: "\r"): append("\\r")
            case UInt8(ascii: "\t"): append("\\t")
            case 0x00...0x1F:
                append("\\u00")
                bytes.append(Self.hexDigit(byte >> 4))
                bytes.append(Self.hexDigit(byte & 0x0F))
            default: bytes.append(byte)
            }
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    package mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// Through `withUTF8Buffer`: a one-character literal may be stored as a scalar, which `utf8Start`
    /// does not point to.
    package mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }
}
