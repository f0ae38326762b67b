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
/// Bounded against hostile output: past `maximumNames` names, a new name is decoded as before and left
/// unnumbered, which costs speed, never a result; the hash is seeded per table, so bytes cannot be
/// crafted ahead of time to collide.
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

    private struct Entry: Sendable {
        var hash: UInt64
        var form: Form
        var keyStart: Int
        var keyLength: Int
        var reference: TestReference
    }

    private var entries: [Entry] = []
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

    var count: Int { entries.count }

    /// The reference `printed` names in `form`: the stored one when these bytes were seen before, else
    /// `make(printed)`, numbered and stored. Nil when `make` finds no test name in the bytes.
    mutating func reference(_ printed: LineBytes, form: Form, make: (LineBytes) -> TestReference?) -> TestReference? {
        let hash = Self.hash(printed.buffer, form: form, seed: seed)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { return insert(printed, form: form, hash: hash, slot: slot, make: make) }
            if entries[index].hash == hash, entries[index].form == form, matches(entries[index], printed) {
                return entries[index].reference
            }
            slot = (slot + 1) & mask
        }
    }

    /// The same, for a form in which any bytes are a name.
    mutating func reference(_ printed: LineBytes, form: Form, decode: (LineBytes) -> TestReference) -> TestReference {
        reference(printed, form: form, make: decode) ?? decode(printed)
    }

    private func matches(_ entry: Entry, _ printed: LineBytes) -> Bool {
        guard entry.keyLength == printed.count else { return false }
        guard let base = printed.buffer.baseAddress else { return true }
        return keys.withUnsafeBufferPointer { memcmp($0.baseAddress! + entry.keyStart, base, entry.keyLength) == 0 }
    }

    private mutating func insert(_ printed: LineBytes, form: Form, hash: UInt64, slot: Int,
                                 make: (LineBytes) -> TestReference?) -> TestReference? {
        guard var reference = make(printed) else { return nil }
        guard entries.count < maximumNames else { return reference }
        reference.number = entries.count
        entries.append(Entry(hash: hash, form: form, keyStart: keys.count, keyLength: printed.count, reference: reference))
        keys.append(contentsOf: printed.buffer)
        slots[slot] = Int32(entries.count - 1)
        if entries.count * 2 > slots.count { grow() }
        return reference
    }

    /// Doubles the slots and places every entry again.
    private mutating func grow() {
        slots = Array(repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.hash) & mask
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
        var shift: UInt64 = 0
        while offset < raw.count {
            tail |= UInt64(raw[offset]) << shift
            shift += 8
            offset += 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ (hash >> 29)
    }
}
