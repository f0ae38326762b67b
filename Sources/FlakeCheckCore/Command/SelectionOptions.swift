/// Which package, and which of its tests: `--package-path`, `--filter`, `--skip`.
struct SelectionOptions: OptionGroup {
    static let packagePath = Option<String>.text("--package-path", value: "DIR", help: "The Swift package whose tests to run",
                                                 default: ".")
    static let filter = Option<String>.text("--filter", value: "REGEX", help: "Run only tests whose ID matches", repeatable: true)
    static let skip = Option<String>.text("--skip", value: "REGEX", help: "Leave out tests whose ID matches", repeatable: true)
    static let specs = [packagePath.spec, filter.spec, skip.spec]

    /// As given; nil when left to the command's default (`.`, or `demo`'s bundled example).
    var packagePath: String?
    var filters: [String]
    var skips: [String]

    init(_ parsed: ParsedArguments) throws {
        packagePath = parsed.gave(Self.packagePath) ? try parsed.value(Self.packagePath) : nil
        filters = parsed.values(Self.filter)
        skips = parsed.values(Self.skip)
    }

    /// Every pattern is a regular expression, checked before anything is built.
    func validate() throws {
        for pattern in filters + skips { _ = try TestSelection.compile(pattern) }
    }
}
