
/// Which package, and which of its tests (`--package-path`, `--filter`, `--skip`, `--changed-since`,
/// `--change-depth`): what the user asked, with its defaults. The command line fills it
/// (`OptionGroup`), the session reads it from the plan.
public struct SelectionOptions: Sendable, Equatable {
    /// As given; nil when left to the command's default (`.`, or `demo`'s bundled example).
    /// `RunPlan.packagePath` is where the package is.
    public var packagePath: String?
    public var filters: [String] = []
    public var skips: [String] = []
    /// Only the tests the change since this git revision touches.
    public var changedSince: String?
    /// As given; nil for `defaultChangeDepth`.
    public var changeDepth: Int?

    /// How many calls deep a changed function may be from a test, when not asked.
    public static let defaultChangeDepth = 2

    public init() {}

    /// `changeDepth`, or its default.
    public var callDepth: Int { changeDepth ?? Self.defaultChangeDepth }
}
