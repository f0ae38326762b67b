/// A report type whose JSON members are listed once, in `visitMembers`, for both ways they are written:
/// through `Encodable` (what `JSONEncoder` and every other encoder use) and straight to report.json's
/// bytes by `JSONTreeWriter`, which skips the `Encoder` machinery for the thousands of tests and runs of
/// a large report (it was most of the time of writing one).
package protocol JSONMembers: Encodable {
    func visitMembers<Visitor: JSONMemberVisitor>(_ visitor: inout Visitor) throws
}

/// What `visitMembers` calls for each member, in any order (the writers sort the keys). Keys are
/// literals: printing them costs no reference counting, and they need no escaping.
package protocol JSONMemberVisitor {
    mutating func member<Value: Encodable>(_ key: StaticString, _ value: Value) throws
    /// Written as `null` when nil.
    mutating func member<Value: Encodable>(_ key: StaticString, _ value: Value?) throws
    /// Left out when nil.
    mutating func memberIfPresent<Value: Encodable>(_ key: StaticString, _ value: Value?) throws
}

extension JSONMembers {
    /// The `Encodable` way: each member into a keyed container, exactly as a hand-written `encode(to:)`
    /// would put it.
    package func encodeMembers(to encoder: any Encoder) throws {
        var visitor = EncodingMemberVisitor(container: encoder.container(keyedBy: ReportKey.self))
        try visitMembers(&visitor)
    }
}

private struct EncodingMemberVisitor: JSONMemberVisitor {
    var container: KeyedEncodingContainer<ReportKey>

    mutating func member<Value: Encodable>(_ key: StaticString, _ value: Value) throws {
        try container.encode(value, forKey: ReportKey(stringValue: key.description))
    }

    mutating func member<Value: Encodable>(_ key: StaticString, _ value: Value?) throws {
        try container.encode(value, forKey: ReportKey(stringValue: key.description))
    }

    mutating func memberIfPresent<Value: Encodable>(_ key: StaticString, _ value: Value?) throws {
        try container.encodeIfPresent(value, forKey: ReportKey(stringValue: key.description))
    }
}
