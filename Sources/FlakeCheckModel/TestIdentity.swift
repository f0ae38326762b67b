/// Who a test is: the canonical ID that `swift test list` prints (`Module.Class/method`,
/// `Module.Suite/function()`), plus the parts reports show separately.
public struct TestIdentity: Hashable, Codable, Sendable {
    public var id: String
    public var framework: TestFramework
    public var suite: String
    public var name: String
    public var displayName: String?
    /// Where the test is declared, when discovery or the event stream told us (absolute path and line).
    public var sourcePath: String?
    public var sourceLine: Int?
    /// The display name of the Swift Testing suite the test is in (`@Suite("Cart checkout")`).
    public var suiteDisplayName: String?

    package init(
        id: String, framework: TestFramework, suite: String, name: String, displayName: String? = nil,
        sourcePath: String? = nil, sourceLine: Int? = nil
    ) {
        self.id = id
        self.framework = framework
        self.suite = suite
        self.name = name
        self.displayName = displayName
        self.sourcePath = sourcePath
        self.sourceLine = sourceLine
    }

    /// Builds an identity from a canonical ID alone, splitting `Module.Suite/name` at its last `/`.
    package init(canonicalID: String, framework: TestFramework) {
        // An XCTest ID is `Module.Class/method`, and a method made at run time may hold a `/` of its own.
        let parts =
            framework == .xctest
            ? TestIdentity.splitAtFirstSlash(canonicalID)
            : TestIdentity.split(TestCatalog.droppingSourceLocation(canonicalID))
        self.init(id: canonicalID, framework: framework, suite: parts.suite, name: parts.name)
    }

    static func splitAtFirstSlash(_ id: String) -> (suite: String, name: String) {
        guard let slash = id.firstIndex(of: "/") else { return split(id) }
        return (String(id[..<slash]), String(id[id.index(after: slash)...]))
    }

    /// `Module.Suite/Nested/name()` splits into suite `Module.Suite/Nested` and name `name()`; a
    /// top-level Swift Testing function `Module.name()` into suite `Module` and name `name()`.
    package static func split(_ id: String) -> (suite: String, name: String) {
        guard let slash = id.lastIndex(of: "/") else {
            guard let dot = id.firstIndex(of: ".") else { return ("", id) }
            return (String(id[..<dot]), String(id[id.index(after: dot)...]))
        }
        return (String(id[..<slash]), String(id[id.index(after: slash)...]))
    }
}
