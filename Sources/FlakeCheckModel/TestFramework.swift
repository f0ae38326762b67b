/// The two test libraries a Swift package can use. The raw values are the spellings used in reports.
public enum TestFramework: String, Codable, Sendable, CaseIterable, Comparable {
    case xctest = "xctest"
    case swiftTesting = "swift-testing"

    public static func < (lhs: TestFramework, rhs: TestFramework) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// A raw-value enum hashes its String by default; every test reference is hashed on the parsing hot
    /// path, so the case alone is hashed instead (equal values still hash equally).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(self == .xctest)
    }

    /// The library a test name belongs to when nothing else says: Swift Testing names a function with its
    /// argument labels (`works()`, `add(_:to:)`); an XCTest method name made at run time may end in a
    /// bracket too (Quick's `passes (1)`), but not in a label list.
    package static func of(testName name: String) -> TestFramework {
        guard name.hasSuffix(")"), let open = name.lastIndex(of: "(") else { return .xctest }
        let labels = name[name.index(after: open)..<name.index(before: name.endIndex)]
        guard !labels.isEmpty else { return open == name.startIndex ? .xctest : .swiftTesting }
        guard labels.hasSuffix(":") else { return .xctest }
        let isLabel = { (label: Substring) in
            label.first.map { $0 == "_" || $0.isLetter } == true
                && label.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
        }
        return labels.dropLast().split(separator: ":", omittingEmptySubsequences: false).allSatisfy(isLabel)
            ? .swiftTesting : .xctest
    }
}
