import Foundation

/// Writes a `JSONMembers` value (a test, a run and what they hold) straight into a `JSONTreeWriter`'s
/// bytes, the same bytes the writer prints for the value's `JSONTree`, without building the tree: the
/// `Encoder` protocol's containers, boxes and generic calls cost several times the printing itself on a
/// report of thousands of tests. Member values of other types (rare, mostly nil) still go through
/// `JSONTreeEncoder`, so every `Encodable` value is written, and written alike.
package struct JSONMemberWriter: JSONMemberVisitor {
    package var writer: JSONTreeWriter
    /// The members of the objects being written, innermost last: each key, and where its `"key" : value`
    /// text lies in `writer.bytes`.
    private var members: [(key: StaticString, text: Range<Int>)] = []
    /// Where the innermost object's members start in `members`.
    private var objectMembersStart = 0
    /// Whether the innermost object's members came in key order so far.
    private var inKeyOrder = true
    private var scratch: [UInt8] = []

    package init(writer: JSONTreeWriter) {
        self.writer = writer
    }

    /// Members are printed as they are visited, which is key order for every report type (their
    /// `visitMembers` list them so, and `JSONTreeEncoderTests` hold the bytes to `JSONEncoder`'s sorted
    /// ones); an object visited out of order is put in order afterwards, so the output is right either way.
    package mutating func writeObject<Value: JSONMembers>(_ value: Value) throws {
        let outer = (objectMembersStart, inKeyOrder)
        objectMembersStart = members.count
        inKeyOrder = true
        writer.append("{\n")
        writer.indent += 1
        try value.visitMembers(&self)
        if !inKeyOrder { putMembersInKeyOrder() }
        members.removeSubrange(objectMembersStart...)
        (objectMembersStart, inKeyOrder) = outer
        writer.append("\n")
        writer.indent -= 1
        writer.writeIndent()
        writer.append("}")
    }

    /// Rewrites the innermost object's members, from its first, sorted by key.
    private mutating func putMembersInKeyOrder() {
        let own = Array(members[objectMembersStart...])
        let start = own[0].text.lowerBound
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: writer.bytes[start...])
        writer.bytes.removeSubrange(start...)
        let keys = own.map(\.key.description)
        let order = writer.writtenOrder(of: keys)
        for (position, index) in order.enumerated() {
            // Of a key given twice, the later value stands, as `JSONTreeWriter` writes it.
            if position + 1 < order.count, keys[order[position + 1]] == keys[index] { continue }
            if position > 0 {
                writer.append(",\n")
                writer.writeIndent()
            }
            writer.bytes.append(
                contentsOf: scratch[(own[index].text.lowerBound - start)..<(own[index].text.upperBound - start)])
        }
    }

    /// The separator, indent and key before a member's value, and whether it keeps the object in key order;
    /// where the member's text starts.
    private mutating func beginMember(_ key: StaticString) -> Int {
        if members.count > objectMembersStart {
            writer.append(",\n")
            if inKeyOrder, !Self.precedes(members[members.count - 1].key, key) { inKeyOrder = false }
        }
        writer.writeIndent()
        let start = writer.bytes.count
        writer.append("\"")
        writer.append(key)
        writer.append("\" : ")
        return start
    }

    /// UTF-8 order, the order `JSONEncoder` sorts keys in.
    private static func precedes(_ left: StaticString, _ right: StaticString) -> Bool {
        left.withUTF8Buffer { left in
            right.withUTF8Buffer { right in
                let common = min(left.count, right.count)
                let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
                return order < 0 || (order == 0 && left.count < right.count)
            }
        }
    }

    package mutating func member<Value: Encodable>(_ key: StaticString, _ value: Value) throws {
        let start = beginMember(key)
        try writeValue(value)
        members.append((key, start..<writer.bytes.count))
    }

    package mutating func member<Value: Encodable>(_ key: StaticString, _ value: Value?) throws {
        if let value { return try member(key, value) }
        let start = beginMember(key)
        writer.append("null")
        members.append((key, start..<writer.bytes.count))
    }

    package mutating func memberIfPresent<Value: Encodable>(_ key: StaticString, _ value: Value?) throws {
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
            throw EncodingError.invalidValue(
                number, .init(codingPath: [], debugDescription: "Unable to encode Double.\(number) directly in JSON."))
        }
        return .number(number)
    }

    /// Items of report.json's `tests`, printed one after another at depth 2 (`JSONReportFormat` prints the
    /// array in parts, one per core). Concrete, so that the generic writer is specialised for the item type
    /// here, in the module of the report's types: called generically from another module it was not, and
    /// `parse` of a 2,000-test history took a quarter longer.
    package static func printedItems(_ items: ArraySlice<TestSummary>) throws -> [UInt8] {
        try printed(items)
    }

    /// Items of report.json's `runs`, as `printedItems(_:)` prints tests.
    package static func printedItems(_ items: ArraySlice<RunRecord>) throws -> [UInt8] {
        try printed(items)
    }

    private static func printed<Item: JSONMembers>(_ items: ArraySlice<Item>) throws -> [UInt8] {
        var part = JSONMemberWriter(writer: JSONTreeWriter(capacity: 4_096, indent: 2))
        for index in items.indices {
            if index > items.startIndex {
                part.writer.append(",\n")
                part.writer.writeIndent()
            }
            try part.writeObject(items[index])
            // Room for the rest at the first item's size and a quarter more, once: growing a buffer of
            // megabytes by doubling copies it and touches fresh pages each time.
            if index == items.startIndex {
                part.writer.bytes.reserveCapacity(part.writer.bytes.count * items.count * 5 / 4)
            }
        }
        return part.writer.bytes
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
