import FlakeCheckModel

/// The test names one console parser has read, each decoded once and numbered in the order first seen.
///
/// A suite's saved history prints thousands of names, each once per run and twice or more per result
/// line. Looking the printed bytes up here costs less than decoding them into a new String every time,
/// and the number it gives (`TestReference.number`) lets whoever reads the events find a name's state
/// by index instead of hashing its text again. A name's number never changes, and a name without one
/// (past the table's bounds, `ByteKeyTable`) never gets one: readers may key state by it.
package struct TestNameTable: Sendable {
    /// How a name was printed: the same bytes can name different tests in different kinds of line.
    package enum Form: UInt8, Sendable {
        /// `Class.method` or `-[Module.Class method]`.
        case xctest
        /// A Swift Testing console name: `function()` or `"Display name"`.
        case swiftTesting
        /// xcodebuild's `Suite/function()`.
        case xcodebuildSwiftTesting
    }

    private var keys: ByteKeyTable
    private var references: [TestReference] = []

    package init(maximumNames: Int = ByteKeyTable.defaultMaximumKeys) {
        keys = ByteKeyTable(maximumKeys: maximumNames)
    }

    package var count: Int { references.count }

    /// The reference `printed` names in `form`: the stored one when these bytes were seen before, else
    /// `make(printed)`, numbered and stored. Nil when `make` finds no test name in the bytes.
    package mutating func reference(_ printed: LineBytes, form: Form, make: (LineBytes) -> TestReference?)
        -> TestReference?
    {
        switch keys.lookup(printed.buffer, kind: form.rawValue) {
        case .found(let number):
            return references[number]
        case .missing(let hash, let slot):
            guard var reference = make(printed) else { return nil }
            guard let number = keys.insert(printed.buffer, kind: form.rawValue, hash: hash, slot: slot) else {
                return reference
            }
            reference.number = number
            references.append(reference)
            return reference
        }
    }

    /// The same, for a form in which any bytes are a name.
    package mutating func reference(_ printed: LineBytes, form: Form, decode: (LineBytes) -> TestReference)
        -> TestReference
    {
        reference(printed, form: form, make: decode) ?? decode(printed)
    }
}
