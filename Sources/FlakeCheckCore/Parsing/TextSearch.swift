#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte-level text helpers for the parsers' hot path. Foundation's `range(of:)` bridges every call to
/// NSString, and `Substring.hasPrefix` compares Characters; profiling showed each as a large share of
/// parsing time. The markers the parsers look for are ASCII, so comparing UTF-8 bytes of the native
/// storage gives the same answers. Every helper falls back to a copy when storage is not contiguous.
extension StringProtocol {
    func utf8Range(of needle: String, backwards: Bool = false) -> Range<Index>? {
        let bytes = utf8
        let offset: Int? = Self.withBytes(bytes) { haystack in
            Self.withBytes(needle.utf8) { target in Self.search(haystack, for: target, backwards: backwards) }
        }
        guard let offset else { return nil }
        let lower = bytes.index(bytes.startIndex, offsetBy: offset)
        return lower..<bytes.index(lower, offsetBy: needle.utf8.count)
    }

    func utf8Contains(_ needle: String) -> Bool {
        utf8Range(of: needle) != nil
    }

    func utf8HasPrefix(_ prefix: String) -> Bool {
        Self.withBytes(utf8) { own in
            Self.withBytes(prefix.utf8) { expected in
                own.count >= expected.count && (expected.isEmpty || memcmp(own.baseAddress!, expected.baseAddress!, expected.count) == 0)
            }
        }
    }

    func utf8ContainsByte(_ byte: UInt8) -> Bool {
        Self.withBytes(utf8) { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        }
    }

    private static func withBytes<C: Collection, R>(_ bytes: C, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R
    where C.Element == UInt8 {
        if let result = bytes.withContiguousStorageIfAvailable(body) { return result }
        return Array(bytes).withUnsafeBufferPointer(body)
    }

    private static func search(_ haystack: UnsafeBufferPointer<UInt8>, for target: UnsafeBufferPointer<UInt8>,
                               backwards: Bool) -> Int? {
        guard let first = target.first, haystack.count >= target.count,
              let base = haystack.baseAddress, let targetBase = target.baseAddress else { return nil }
        let last = haystack.count - target.count
        if backwards {
            var position = last
            while position >= 0 {
                if haystack[position] == first && memcmp(base + position, targetBase, target.count) == 0 { return position }
                position -= 1
            }
            return nil
        }
        var position = 0
        while position <= last {
            guard let found = memchr(base + position, Int32(first), last - position + 1) else { return nil }
            position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + position, targetBase, target.count) == 0 { return position }
            position += 1
        }
        return nil
    }
}
