/// Which package, and which of its tests: `--package-path`, `--filter`, `--skip`.
struct SelectionOptions: OptionGroup {
    static let packagePath = Option<String>.text(
        "--package-path", value: "DIR", help: "The Swift package whose tests to run",
        default: ".")
    static let filter = Option<String>.text(
        "--filter", value: "REGEX", help: "Run only tests whose ID matches", repeatable: true)
    static let skip = Option<String>.text(
        "--skip", value: "REGEX", help: "Leave out tests whose ID matches", repeatable: true)
    static let changedSince = Option<String>.text(
        "--changed-since", value: "REF",
        help: "Run only the tests a change touches since the git revision REF (origin/main, a merge base): new "
            + "tests, tests whose body changed, and tests that call a changed function")
    static let changeDepth = Option<Int>.integer(
        "--change-depth", help: "With --changed-since: how many calls deep a changed function may be from a test",
        default: 2, range: 1...10)
    static let specs = [packagePath.spec, filter.spec, skip.spec, changedSince.spec, changeDepth.spec]

    /// As given; nil when left to the command's default (`.`, or `demo`'s bundled example).
    var packagePath: String?
    var filters: [String]
    var skips: [String]
    var changedSince: String?
    var changeDepth: Int
    private var gaveChangeDepth: Bool

    init(_ parsed: ParsedArguments) throws {
        packagePath = parsed.gave(Self.packagePath) ? try parsed.value(Self.packagePath) : nil
        filters = parsed.values(Self.filter)
        skips = parsed.values(Self.skip)
        changedSince = try parsed.value(Self.changedSince)
        changeDepth = try parsed.value(Self.changeDepth)!
        gaveChangeDepth = parsed.gave(Self.changeDepth)
    }

    /// Every pattern is a regular expression, checked before anything is built.
    func validate() throws {
        for pattern in filters + skips { _ = try TestSelection.compile(pattern) }
        if gaveChangeDepth, changedSince == nil {
            throw FlakeCheckError.usage("--change-depth goes with --changed-since REF.")
        }
        if changedSince?.isEmpty == true {
            throw FlakeCheckError.usage("--changed-since needs a git revision, e.g. origin/main.")
        }
    }
}
