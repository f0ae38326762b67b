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
}
