
/// The JSON value `JSONTreeEncoder` builds and `JSONTreeWriter` prints. Objects keep their members in
/// the order they were encoded and are sorted only when written, so building one hashes nothing: that,
/// and numbers kept as numbers until they are printed, is where Foundation's `JSONEncoder` spends most
/// of its time on a report of thousands of tests.
package enum JSONTree {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsignedInteger(UInt64)
    /// A finite floating-point number, printed as Foundation prints it (`description` without `.0`).
    case number(Double)
    /// A finite `Float`, printed by its own `description` (`0.1`, not the Double's `0.10000000149011612`).
    case float(Float)
    case string(String)
    case array(JSONTreeArray)
    case object(JSONTreeObject)
    /// What a `superEncoder()` will have encoded by the time the tree is written.
    case pending(JSONTreeEncoder)
    /// An array whose items are already printed, in runs of consecutive items joined by `,\n` and the
    /// items' indent (`JSONReportFormat.printedInParts`), so that parts of a long array can be printed at once.
    case printedItems([[UInt8]])
}

/// An array being filled by an unkeyed container: a reference, because containers are values that
/// outlive the call that made them.
package final class JSONTreeArray {
    package var items: [JSONTree] = []
}

/// An object being filled by a keyed container. A key encoded twice keeps its last value, as in
/// Foundation.
package final class JSONTreeObject {
    package var members: [(key: String, value: JSONTree)] = []
}
