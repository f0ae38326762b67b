import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Which package, and which of its tests: `--package-path`, `--filter`, `--skip`.
package struct SelectionOptions: OptionGroup {
    package static let packagePath = Option<String>.text(
        "--package-path", value: "DIR", help: "The Swift package whose tests to run",
        default: ".")
    package static let filter = Option<String>.text(
        "--filter", value: "REGEX", help: "Run only tests whose ID matches", repeatable: true)
    package static let skip = Option<String>.text(
        "--skip", value: "REGEX", help: "Leave out tests whose ID matches", repeatable: true)
    package static let changedSince = Option<String>.text(
        "--changed-since", value: "REF",
        help: "Run only the tests a change touches since the git revision REF (origin/main, a merge base): new "
            + "tests, tests whose body changed, and tests that call a changed function")
    package static let changeDepth = Option<Int>.integer(
        "--change-depth", help: "With --changed-since: how many calls deep a changed function may be from a test",
        default: 2, range: 1...10)
    package static let specs = [packagePath.spec, filter.spec, skip.spec, changedSince.spec, changeDepth.spec]

    /// As given; nil when left to the command's default (`.`, or `demo`'s bundled example).
    package var packagePath: String?
    package var filters: [String]
    package var skips: [String]
    package var changedSince: String?
    package var changeDepth: Int
    private var gaveChangeDepth: Bool

    package init(_ parsed: ParsedArguments) throws {
        packagePath = parsed.gave(Self.packagePath) ? try parsed.value(Self.packagePath) : nil
        filters = parsed.values(Self.filter)
        skips = parsed.values(Self.skip)
        changedSince = try parsed.value(Self.changedSince)
        changeDepth = try parsed.value(Self.changeDepth)!
        gaveChangeDepth = parsed.gave(Self.changeDepth)
    }

    /// Every pattern is a regular expression, checked before anything is built.
    package func validate() throws {
        for pattern in filters + skips { _ = try TestSelection.compile(pattern) }
        if gaveChangeDepth, changedSince == nil {
            throw FlakeCheckError.usage("--change-depth goes with --changed-since REF.")
        }
        if changedSince?.isEmpty == true {
            throw FlakeCheckError.usage("--changed-since needs a git revision, e.g. origin/main.")
        }
    }
}
