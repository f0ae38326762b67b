import Foundation

/// An `Encoder` that builds a `JSONTree`. It exists for speed: with Foundation's `JSONEncoder` a large
/// report.json took as long as reading the log it came from (Benchmarks.md, "Measurements behind the code",
/// and "report.json's writer against `JSONEncoder`"). It supports what the report's types use (every Codable primitive, optionals, arrays,
/// dictionaries, nested and super encoders) and refuses `Date`, `Data`, `URL` and `Decimal`, which
/// Foundation encodes by strategies this encoder does not copy; the report stores none of them.
package final class JSONTreeEncoder: Encoder {
    private let parent: JSONTreeEncoder?
    private let key: (any CodingKey)?
    /// What was encoded here so far; nil until a container or a single value is asked for.
    package fileprivate(set) var encoded: JSONTree?

    package init(parent: JSONTreeEncoder? = nil, key: (any CodingKey)? = nil) {
        self.parent = parent
        self.key = key
    }

    /// Built on demand: only error messages read it.
    package var codingPath: [any CodingKey] {
        var path = parent?.codingPath ?? []
        if let key { path.append(key) }
        return path
    }

    package var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The tree of `value`, or an empty object when it encoded nothing (as Foundation writes it).
    package static func tree<T: Encodable>(of value: T, parent: JSONTreeEncoder? = nil, key: (any CodingKey)? = nil)
        throws -> JSONTree
    {
        let encoder = JSONTreeEncoder(parent: parent, key: key)
        try encoder.encodeHere(value)
        return encoder.encoded ?? .object(JSONTreeObject())
    }

    /// Lets `value` encode itself into this encoder: a single-value container passes on what it is given
    /// this way, so an optional costs one encoder, not two.
    fileprivate func encodeHere<T: Encodable>(_ value: T) throws {
        if T.self == Date.self || T.self == Data.self || T.self == URL.self || T.self == Decimal.self {
            throw EncodingError.invalidValue(
                value,
                .init(
                    codingPath: codingPath, debugDescription: "\(T.self) is not part of report.json's format"))
        }
        try value.encode(to: self)
    }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, object: object()))
    }

    package func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedContainer(encoder: self, array: array())
    }

    package func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(encoder: self)
    }

    private func object() -> JSONTreeObject {
        if case .object(let existing)? = encoded { return existing }
        let object = JSONTreeObject()
        encoded = .object(object)
        return object
    }

    private func array() -> JSONTreeArray {
        if case .array(let existing)? = encoded { return existing }
        let array = JSONTreeArray()
        encoded = .array(array)
        return array
    }

    /// `path` is built only for the error: building it for every number cost more than the rest.
    fileprivate static func number(_ value: Double, at path: @autoclosure () -> [any CodingKey]) throws -> JSONTree {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value,
                .init(
                    codingPath: path(), debugDescription: "Unable to encode Double.\(value) directly in JSON."))
        }
        return .number(value)
    }

    fileprivate static func number(_ value: Float, at path: @autoclosure () -> [any CodingKey]) throws -> JSONTree {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value,
                .init(
                    codingPath: path(), debugDescription: "Unable to encode Float.\(value) directly in JSON."))
        }
        return .float(value)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONTreeEncoder
    let object: JSONTreeObject
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ value: JSONTree, _ key: Key) { object.members.append((key.stringValue, value)) }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try JSONTreeEncoder.number(value, at: codingPath + [key]), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try JSONTreeEncoder.number(value, at: codingPath + [key]), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.integer(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(.unsignedInteger(UInt64(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.unsignedInteger(UInt64(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.unsignedInteger(UInt64(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.unsignedInteger(UInt64(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.unsignedInteger(value), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try JSONTreeEncoder.tree(of: value, parent: encoder, key: key), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested = JSONTreeObject()
        set(.object(nested), key)
        let child = JSONTreeEncoder(parent: encoder, key: key)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(encoder: child, object: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = JSONTreeArray()
        set(.array(nested), key)
        return UnkeyedContainer(encoder: JSONTreeEncoder(parent: encoder, key: key), array: nested)
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }

    private func superEncoder(named name: String) -> any Encoder {
        let child = JSONTreeEncoder(parent: encoder, key: ReportKey(stringValue: name))
        object.members.append((name, .pending(child)))
        return child
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: JSONTreeEncoder
    let array: JSONTreeArray
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { array.items.count }

    private var nextKey: any CodingKey { IndexKey(intValue: count) }
    private func add(_ value: JSONTree) { array.items.append(value) }

    mutating func encodeNil() throws { add(.null) }
    mutating func encode(_ value: Bool) throws { add(.bool(value)) }
    mutating func encode(_ value: String) throws { add(.string(value)) }
    mutating func encode(_ value: Double) throws { add(try JSONTreeEncoder.number(value, at: codingPath + [nextKey])) }
    mutating func encode(_ value: Float) throws {
        add(try JSONTreeEncoder.number(value, at: codingPath + [nextKey]))
    }
    mutating func encode(_ value: Int) throws { add(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { add(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { add(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { add(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { add(.integer(value)) }
    mutating func encode(_ value: UInt) throws { add(.unsignedInteger(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { add(.unsignedInteger(UInt64(value))) }
    mutating func encode(_ value: UInt16) throws { add(.unsignedInteger(UInt64(value))) }
    mutating func encode(_ value: UInt32) throws { add(.unsignedInteger(UInt64(value))) }
    mutating func encode(_ value: UInt64) throws { add(.unsignedInteger(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        add(try JSONTreeEncoder.tree(of: value, parent: encoder, key: nextKey))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested = JSONTreeObject()
        let child = JSONTreeEncoder(parent: encoder, key: nextKey)
        add(.object(nested))
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(encoder: child, object: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = JSONTreeArray()
        let child = JSONTreeEncoder(parent: encoder, key: nextKey)
        add(.array(nested))
        return UnkeyedContainer(encoder: child, array: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let child = JSONTreeEncoder(parent: encoder, key: nextKey)
        add(.pending(child))
        return child
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let encoder: JSONTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ value: JSONTree) { encoder.encoded = value }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(try JSONTreeEncoder.number(value, at: codingPath)) }
    mutating func encode(_ value: Float) throws { set(try JSONTreeEncoder.number(value, at: codingPath)) }
    mutating func encode(_ value: Int) throws { set(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { set(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { set(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { set(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { set(.integer(value)) }
    mutating func encode(_ value: UInt) throws { set(.unsignedInteger(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { set(.unsignedInteger(UInt64(value))) }
    mutating func encode(_ value: UInt16) throws { set(.unsignedInteger(UInt64(value))) }
    mutating func encode(_ value: UInt32) throws { set(.unsignedInteger(UInt64(value))) }
    mutating func encode(_ value: UInt64) throws { set(.unsignedInteger(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encodeHere(value) }
}

/// An array position as a coding key, for error paths.
private struct IndexKey: CodingKey {
    var stringValue: String { "Index \(intValue ?? 0)" }
    var intValue: Int?
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
