
extension StringProtocol {
    /// Whether any of `needles` occurs, compared byte by byte on UTF-8: Foundation's `contains` goes
    /// through `NSString` on Linux, and hints ask this millions of times on a large suite (it was most of
    /// OpenCombine's hint reading: Benchmarks.md, "Measurements behind the code").
    package func contains(anyOf needles: [String]) -> Bool {
        let haystack = Array(utf8)
        return needles.contains { Self.occurs(Array($0.utf8), in: haystack) }
    }

    private static func occurs(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard haystack.count >= needle.count else { return false }
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first {
                var matched = 1
                while matched < needle.count && haystack[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            index += 1
        }
        return false
    }
}
