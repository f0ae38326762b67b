/// The two test libraries a Swift package can use. The raw values are the spellings used in reports.
public enum TestFramework: String, Codable, Sendable, CaseIterable, Comparable {
    case xctest = "xctest"
    case swiftTesting = "swift-testing"

    public static func < (lhs: TestFramework, rhs: TestFramework) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
