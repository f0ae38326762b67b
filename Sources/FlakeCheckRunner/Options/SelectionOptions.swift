
/// Which package, and which of its tests (`--package-path`, `--filter`, `--skip`, `--changed-since`,
/// `--change-depth`): what the user asked, with its defaults. The command line fills it
/// (`OptionGroup`), the session reads it from the plan.
package struct SelectionOptions: Sendable, Equatable {
    /// As given; nil when left to the command's default (`.`, or `demo`'s bundled example).
    /// `RunPlan.packagePath` is where the package is.
    package var packagePath: String?
    package var filters: [String] = []
    package var skips: [String] = []
    /// Only the tests the change since this git revision touches.
    package var changedSince: String?
    /// As given; nil for `defaultChangeDepth`.
    package var changeDepth: Int?

    /// How many calls deep a changed function may be from a test, when not asked.
    package static let defaultChangeDepth = 2

    package init() {}

    /// `changeDepth`, or its default.
    package var callDepth: Int { changeDepth ?? Self.defaultChangeDepth }
}
