/// Writes a `JSONMembers` value (a test, a run and what they hold) straight into a `JSONTreeWriter`'s
/// bytes, the same bytes the writer prints for the value's `JSONTree`, without building the tree: the
/// `Encoder` protocol's containers, boxes and generic calls cost several times the printing itself on a
/// report of thousands of tests. Member values of other types (rare, mostly nil) still go through
/// `JSONTreeEncoder`, so every `Encodable` value is written, and written alike.
struct JSONMemberWriter: JSONMemberVisitor {
    var writer: JSONTreeWriter
    /// The members of the object being written: each key, and where its `"key" : value` text lies in
    /// `writer.bytes` (members are printed in the order visited, then put in key order).
    private var members: [(key: String, text: Range<Int>)] = []
    private var scratch: [UInt8] = []

    init(writer: JSONTreeWriter) {
        self.writer = writer
    }

    mutating func writeObject<Value: JSONMembers>(_ value: Value) throws {
        let outer = members
        members = []
        defer { members = outer }
        let start = writer.bytes.count
        writer.indent += 1
        try value.visitMembers(&self)
        writer.indent -= 1
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: writer.bytes[start...])
        writer.bytes.removeSubrange(start...)
        writer.append("{\n")
        writer.indent += 1
        for (position, index) in writer.writtenOrder(of: members.map(\.key)).enumerated() {
            if position > 0 { writer.append(",\n") }
            writer.writeIndent()
            let text = members[index].text
            writer.bytes.append(contentsOf: scratch[(text.lowerBound - start)..<(text.upperBound - start)])
        }
        writer.append("\n")
        writer.indent -= 1
        writer.writeIndent()
        writer.append("}")
    }

    mutating func member<Value: Encodable>(_ key: String, _ value: Value) throws {
        let start = writer.bytes.count
        writer.writeString(key)
        writer.append(" : ")
        try writeValue(value)
        members.append((key, start..<writer.bytes.count))
    }

    mutating func member<Value: Encodable>(_ key: String, _ value: Value?) throws {
        if let value { return try member(key, value) }
        let start = writer.bytes.count
        writer.writeString(key)
        writer.append(" : null")
        members.append((key, start..<writer.bytes.count))
    }

    mutating func memberIfPresent<Value: Encodable>(_ key: String, _ value: Value?) throws {
        if let value { try member(key, value) }
    }

    /// The types a report holds thousands of are written here; the rest as their tree.
    private mutating func writeValue<Value: Encodable>(_ value: Value) throws {
        switch value {
        case let text as String: writer.writeString(text)
        case let number as Int: writer.write(.integer(Int64(number)))
        case let number as Double: writer.write(try Self.finite(number))
        case let flag as Bool: writer.write(.bool(flag))
        case let numbers as [Double]: try writer.writeBracketed(numbers) { $0.write(try Self.finite($1)) }
        case let numbers as [Int]: writer.writeBracketed(numbers) { $0.write(.integer(Int64($1))) }
        case let object as any JSONMembers: try writeObject(object)
        case let items as any JSONMembersArray: try items.write(into: &self)
        default: writer.write(try JSONTreeEncoder.tree(of: value))
        }
    }

    /// What `JSONEncoder` refuses, refused here too.
    private static func finite(_ number: Double) throws -> JSONTree {
        guard number.isFinite else {
            throw EncodingError.invalidValue(number, .init(codingPath: [], debugDescription: "Unable to encode Double.\(number) directly in JSON."))
        }
        return .number(number)
    }

    /// Items of an array of `JSONMembers`, as `writeBracketed` lays them out.
    fileprivate mutating func writeItems<Item: JSONMembers>(_ items: [Item]) throws {
        writer.append("[\n")
        writer.indent += 1
        for (position, item) in items.enumerated() {
            if position > 0 { writer.append(",\n") }
            writer.writeIndent()
            try writeObject(item)
        }
        writer.append("\n")
        writer.indent -= 1
        writer.writeIndent()
        writer.append("]")
    }
}

/// An array whose items list their members: written item by item without a tree.
private protocol JSONMembersArray {
    func write(into writer: inout JSONMemberWriter) throws
}

extension Array: JSONMembersArray where Element: JSONMembers {
    fileprivate func write(into writer: inout JSONMemberWriter) throws {
        try writer.writeItems(self)
    }
}
