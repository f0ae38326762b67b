/// Substring search over UTF-8 bytes. Foundation's `range(of:)` bridges every call to NSString and
/// was the parser's hottest path (over a quarter of its time); comparing bytes of the native UTF-8
/// storage gives the same answers for the ASCII markers the parsers look for.
extension StringProtocol {
    func utf8Range(of needle: String, backwards: Bool = false) -> Range<Index>? {
        let target = Array(needle.utf8)
        guard let first = target.first else { return nil }
        let bytes = utf8
        let count = bytes.count
        guard count >= target.count else { return nil }
        let found: Int? = bytes.withContiguousStorageIfAvailable { buffer -> Int? in
            Self.search(buffer, for: target, first: first, backwards: backwards)
        } ?? Self.search(Array(bytes), for: target, first: first, backwards: backwards)
        guard let offset = found else { return nil }
        let lower = bytes.index(bytes.startIndex, offsetBy: offset)
        return lower..<bytes.index(lower, offsetBy: target.count)
    }

    func utf8Contains(_ needle: String) -> Bool {
        utf8Range(of: needle) != nil
    }

    private static func search<C: RandomAccessCollection>(
        _ haystack: C, for target: [UInt8], first: UInt8, backwards: Bool
    ) -> Int? where C.Element == UInt8, C.Index == Int {
        let last = haystack.count - target.count
        guard last >= 0 else { return nil }
        let base = haystack.startIndex
        var position = backwards ? last : 0
        while backwards ? position >= 0 : position <= last {
            if haystack[base + position] == first {
                var matched = true
                var offset = 1
                while offset < target.count {
                    if haystack[base + position + offset] != target[offset] { matched = false; break }
                    offset += 1
                }
                if matched { return position }
            }
            position += backwards ? -1 : 1
        }
        return nil
    }
}

extension StringProtocol {
    /// Byte-wise prefix test. `Substring.hasPrefix` compares Characters (grapheme breaking and all),
    /// which showed up as a fifth of parsing time; the prefixes the parsers test are ASCII.
    func utf8HasPrefix(_ prefix: String) -> Bool {
        let bytes = utf8
        var prefixBytes = prefix.utf8.makeIterator()
        var own = bytes.makeIterator()
        while let expected = prefixBytes.next() {
            guard let actual = own.next(), actual == expected else { return false }
        }
        return true
    }
}
