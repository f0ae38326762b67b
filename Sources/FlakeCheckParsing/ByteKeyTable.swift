
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Byte strings, each under a one-byte kind, numbered from 0 in the order first seen: what the parsers
/// use to decode each test name once and to hand out a number that finds its state without hashing text
/// again (`TestNameTable` for console lines, `JUnitScanner` for test cases).
///
/// A key's number never changes, and a key refused a number is refused for good (the table and its bytes
/// only grow), so readers may keep state by number. Bounded against hostile input: past `maximumKeys`
/// keys, or `maximumKeyBytes` of them, a new key gets no number, which costs speed, never a result. The
/// hash is seeded per table, so bytes cannot be crafted ahead of time to collide.
struct ByteKeyTable: Sendable {
    /// The outcome of `lookup`: the key's number, or where to `insert` it.
    enum Lookup {
        case found(Int)
        case missing(hash: UInt64, slot: Int)
    }

    /// A million keys: far beyond any suite, and about 100 MB at most.
    static let defaultMaximumKeys = 1 << 20
    /// Every key's bytes, together (names of 1 MB lines add up fast).
    static let maximumKeyBytes = 64 << 20

    /// Where a key's bytes are, and its kind: plain values, so a lookup touches no reference counts.
    private struct Entry: Sendable {
        var hash: UInt64
        var start: Int32
        var length: Int32
        var kind: UInt8
    }

    private var entries: [Entry] = []
    /// The bytes of every key, back to back.
    private var bytes: [UInt8] = []
    /// Open addressing: an index into `entries`, or -1. Its count is a power of two, at least twice the
    /// entries.
    private var slots: [Int32] = Array(repeating: -1, count: 64)
    private let seed = UInt64.random(in: .min ... .max)
    private let maximumKeys: Int

    init(maximumKeys: Int = defaultMaximumKeys) {
        self.maximumKeys = maximumKeys
    }

    var count: Int { entries.count }

    func lookup(_ key: UnsafeBufferPointer<UInt8>, kind: UInt8) -> Lookup {
        let hash = Self.hash(key, kind: kind, seed: seed)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        return entries.withUnsafeBufferPointer { entries in
            bytes.withUnsafeBufferPointer { bytes in
                slots.withUnsafeBufferPointer { slots in
                    while true {
                        let index = Int(slots[slot])
                        if index < 0 { return .missing(hash: hash, slot: slot) }
                        let entry = entries[index]
                        if entry.hash == hash, entry.kind == kind, Int(entry.length) == key.count,
                            key.isEmpty
                                || memcmp(bytes.baseAddress! + Int(entry.start), key.baseAddress!, key.count) == 0
                        {
                            return .found(index)
                        }
                        slot = (slot + 1) & mask
                    }
                }
            }
        }
    }

    /// Numbers a key `lookup` found missing, at the slot it gave (no change in between); nil when a bound
    /// refuses it.
    mutating func insert(_ key: UnsafeBufferPointer<UInt8>, kind: UInt8, hash: UInt64, slot: Int) -> Int? {
        guard entries.count < maximumKeys, bytes.count + key.count <= Self.maximumKeyBytes else { return nil }
        entries.append(Entry(hash: hash, start: Int32(bytes.count), length: Int32(key.count), kind: kind))
        bytes.append(contentsOf: key)
        slots[slot] = Int32(entries.count - 1)
        if entries.count * 2 > slots.count { grow() }
        return entries.count - 1
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

    /// Eight bytes at a time, mixed by multiplication: keys are short and this runs for every line that
    /// names a test.
    static func hash(_ key: UnsafeBufferPointer<UInt8>, kind: UInt8, seed: UInt64) -> UInt64 {
        var hash: UInt64 = seed ^ UInt64(key.count) ^ (UInt64(kind) << 56)
        let raw = UnsafeRawBufferPointer(key)
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
