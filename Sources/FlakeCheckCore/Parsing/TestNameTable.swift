#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The test names one parser has read, each decoded once and numbered in the order first seen.
///
/// A suite's saved history prints thousands of names, each once per run and twice or more per result
/// line. Looking the printed bytes up here costs less than decoding them into a new String every time,
/// and the number it gives (`TestReference.number`) lets whoever reads the events find a name's state
/// by index instead of hashing its text again.
///
/// A name's number never changes, and a name without one never gets one: readers may key state by it.
/// Bounded against hostile output: past `maximumNames` names, or `maximumKeyBytes` of them, a new name is
/// decoded as before and left unnumbered, which costs speed, never a result. The hash is seeded per
/// table, so bytes cannot be crafted ahead of time to collide.
struct TestNameTable: Sendable {
    /// How a name was printed: the same bytes can name different tests in different kinds of line.
    enum Form: UInt8, Sendable {
        /// `Class.method` or `-[Module.Class method]`.
        case xctest
        /// A Swift Testing console name: `function()` or `"Display name"`.
        case swiftTesting
        /// xcodebuild's `Suite/function()`.
        case xcodebuildSwiftTesting
    }

    /// A million names: far beyond any suite, and about 100 MB at most.
    static let defaultMaximumNames = 1 << 20
    /// The printed names' bytes, together (names of 1 MB lines add up fast).
    static let maximumKeyBytes = 64 << 20

    /// Where an entry's printed bytes are, and how they were printed: plain values, so that a lookup
    /// touches no reference counts until it returns.
    private struct Key: Sendable {
        var hash: UInt64
        var start: Int32
        var length: Int32
        var form: Form
    }

    private var entryKeys: [Key] = []
    private var references: [TestReference] = []
    /// The printed bytes of every entry, back to back.
    private var keys: [UInt8] = []
    /// Open addressing: an index into `entries`, or -1. Its count is a power of two, at least twice
    /// the entries.
    private var slots: [Int32] = Array(repeating: -1, count: 64)
    private let seed = UInt64.random(in: .min ... .max)
    private let maximumNames: Int

    init(maximumNames: Int = defaultMaximumNames) {
        self.maximumNames = maximumNames
    }

    var count: Int { references.count }

    /// The reference `printed` names in `form`: the stored one when these bytes were seen before, else
    /// `make(printed)`, numbered and stored. Nil when `make` finds no test name in the bytes.
    mutating func reference(_ printed: LineBytes, form: Form, make: (LineBytes) -> TestReference?) -> TestReference? {
        let hash = Self.hash(printed.buffer, form: form, seed: seed)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        let found: Int? = entryKeys.withUnsafeBufferPointer { entryKeys in
            keys.withUnsafeBufferPointer { keys in
                slots.withUnsafeBufferPointer { slots in
                    while true {
                        let index = Int(slots[slot])
                        if index < 0 { return nil }
                        let key = entryKeys[index]
                        if key.hash == hash, key.form == form, Int(key.length) == printed.count,
                           printed.isEmpty || memcmp(keys.baseAddress! + Int(key.start), printed.buffer.baseAddress!, printed.count) == 0 {
                            return index
                        }
                        slot = (slot + 1) & mask
                    }
                }
            }
        }
        if let found { return references[found] }
        return insert(printed, form: form, hash: hash, slot: slot, make: make)
    }

    /// The same, for a form in which any bytes are a name.
    mutating func reference(_ printed: LineBytes, form: Form, decode: (LineBytes) -> TestReference) -> TestReference {
        reference(printed, form: form, make: decode) ?? decode(printed)
    }

    private mutating func insert(_ printed: LineBytes, form: Form, hash: UInt64, slot: Int,
                                 make: (LineBytes) -> TestReference?) -> TestReference? {
        guard var reference = make(printed) else { return nil }
        // Either bound refuses a name for good: the table and its bytes only grow.
        guard references.count < maximumNames, keys.count + printed.count <= Self.maximumKeyBytes else { return reference }
        reference.number = references.count
        references.append(reference)
        entryKeys.append(Key(hash: hash, start: Int32(keys.count), length: Int32(printed.count), form: form))
        keys.append(contentsOf: printed.buffer)
        slots[slot] = Int32(references.count - 1)
        if references.count * 2 > slots.count { grow() }
        return reference
    }

    /// Doubles the slots and places every entry again.
    private mutating func grow() {
        slots = Array(repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, key) in entryKeys.enumerated() {
            var slot = Int(truncatingIfNeeded: key.hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index)
        }
    }

    /// Eight bytes at a time, mixed by multiplication: names are short and this runs for every line
    /// that names a test.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, form: Form, seed: UInt64) -> UInt64 {
        var hash: UInt64 = seed ^ UInt64(bytes.count) ^ (UInt64(form.rawValue) << 56)
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        while offset + 8 <= raw.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            offset += 8
        }
        var tail: UInt64 = 0
        if offset < raw.count, raw.count >= 8 {
            // The last eight bytes, overlapping the words before: one load instead of a byte loop.
            tail = raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self)
        } else {
            var shift: UInt64 = 0
            while offset < raw.count {
                tail |= UInt64(raw[offset]) << shift
                shift += 8
                offset += 1
            }
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ (hash >> 29)
    }
}
