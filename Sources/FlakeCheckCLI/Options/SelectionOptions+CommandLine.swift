import FlakeCheckRunner
import FlakeCheckSupport

/// `--package-path`, `--filter`, `--skip`, `--changed-since`, `--change-depth`: how the selection's
/// options are spelled, each bound to the field of `SelectionOptions` that holds it.
extension SelectionOptions: OptionGroup {
    static let packagePathOption = OptionField<Self>(
        Option<String>.text("--package-path", value: "DIR", help: "The Swift package whose tests to run"),
        \.packagePath, shownDefault: ".")
    static let filterOption = OptionField<Self>(
        every: .text("--filter", value: "REGEX", help: "Run only tests whose ID matches", repeatable: true), \.filters)
    static let skipOption = OptionField<Self>(
        every: .text("--skip", value: "REGEX", help: "Leave out tests whose ID matches", repeatable: true), \.skips)
    static let changedSinceOption = OptionField<Self>(
        Option<String>.text(
            "--changed-since", value: "REF",
            help: "Run only the tests a change touches since the git revision REF (origin/main, a merge base): "
                + "new tests, tests whose body changed, and tests that call a changed function"),
        \.changedSince)
    static let changeDepthOption = OptionField<Self>(
        Option<Int>.integer(
            "--change-depth", help: "With --changed-since: how many calls deep a changed function may be from a test",
            shownDefault: "\(defaultChangeDepth)", range: 1...10),
        \.changeDepth)
    package static let fields = [packagePathOption, filterOption, skipOption, changedSinceOption, changeDepthOption]

    /// Every pattern is a regular expression, checked before anything is built.
    package func validate() throws {
        for pattern in filters + skips { _ = try TestSelection.compile(pattern) }
        if changeDepth != nil, changedSince == nil {
            throw FlakeCheckError.usage("--change-depth goes with --changed-since REF.")
        }
        if changedSince?.isEmpty == true {
            throw FlakeCheckError.usage("--changed-since needs a git revision, e.g. origin/main.")
        }
    }
}
