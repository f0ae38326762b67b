/// How a parser names a test. Console output rarely carries the canonical ID: XCTest on Linux prints
/// `Class.method` without the module and Swift Testing prints only the function or display name, so a
/// reference says whether its name is already unique (`isQualified`) or still needs resolving against
/// the discovered tests.
public struct TestReference: Hashable, Sendable, CustomStringConvertible {
    public var framework: TestFramework
    /// XCTest: `Class/method` (Linux) or `Module.Class/method` (macOS). Swift Testing console: `name()`
    /// or `"Display name"`. Swift Testing event stream: the full ID, `Module.Suite/name()/File.swift:4:2`.
    public var name: String
    public var isQualified: Bool
    /// The console parser's number for this name (`TestNameTable`), the same on every line that prints it,
    /// so a reader of many events finds a name's state by index instead of hashing its text. Nil when no
    /// table numbered it. Not part of equality or hashing: it says how the name was read, not which test.
    public var number: Int?

    package init(framework: TestFramework, name: String, isQualified: Bool) {
        self.framework = framework
        self.name = name
        self.isQualified = isQualified
    }

    public static func == (left: TestReference, right: TestReference) -> Bool {
        left.name == right.name && left.framework == right.framework && left.isQualified == right.isQualified
    }

    public var description: String { name }

    /// The name alone: the framework and qualification almost never tell two names apart, and hashing
    /// two single bytes more cost a tenth of reading a log of thousands of tests. Equality still
    /// compares all three.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }
}
