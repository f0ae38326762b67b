import FlakeCheckRunner
import FlakeCheckSupport

/// `--xcode --scheme S [--workspace W | --project P] [--destination D] --only-testing T/C/m …`: an Xcode
/// scheme's tests, run through xcodebuild.
package struct XcodeOptions: OptionGroup {
    var isOn = false
    package var scheme: String?
    package var workspace: String?
    package var project: String?
    package var destination: String?
    package var onlyTesting: [String] = []

    package init() {}

    package static let xcode = OptionField<Self>(
        Flag(
            "--xcode",
            help: "Run an Xcode scheme's tests with xcodebuild (macOS): build-for-testing once, "
                + "then test-without-building per run; needs --scheme and --only-testing"),
        \.isOn)
    package static let scheme = OptionField<Self>(
        Option<String>.text("--scheme", value: "NAME", help: "With --xcode: the scheme to build and test"), \.scheme)
    package static let workspace = OptionField<Self>(
        Option<String>.text("--workspace", value: "FILE", help: "With --xcode: the .xcworkspace (or give --project)"),
        \.workspace)
    package static let project = OptionField<Self>(
        Option<String>.text("--project", value: "FILE", help: "With --xcode: the .xcodeproj"), \.project)
    package static let destination = OptionField<Self>(
        Option<String>.text(
            "--destination", value: "SPEC",
            help: "With --xcode: e.g. 'platform=iOS Simulator,name=iPhone 16' (one worker per simulator)"),
        \.destination)
    package static let onlyTesting = OptionField<Self>(
        every: .text(
            "--only-testing", value: "T/C/M",
            help: "With --xcode: a test to run, Target/Class/method or Target/Suite/function()", repeatable: true),
        \.onlyTesting)
    package static let fields = [xcode, scheme, workspace, project, destination, onlyTesting]

    /// The first option given that belongs with `--xcode`, for the error when `--xcode` is not.
    private var stray: String? {
        [
            (scheme != nil, Self.scheme), (workspace != nil, Self.workspace), (project != nil, Self.project),
            (destination != nil, Self.destination), (!onlyTesting.isEmpty, Self.onlyTesting),
        ]
        .first(where: \.0)?.1.spec.name
    }

    package func validate() throws {
        guard isOn else {
            if let stray { throw FlakeCheckError.usage("\(stray) goes with --xcode.") }
            return
        }
        guard scheme != nil else {
            throw FlakeCheckError.usage("--xcode needs --scheme NAME (the scheme whose tests to run).")
        }
        guard !onlyTesting.isEmpty else {
            throw FlakeCheckError.usage("--xcode needs at least one --only-testing Target/Class/method.")
        }
        guard workspace == nil || project == nil else {
            throw FlakeCheckError.usage("--workspace and --project exclude each other; give one.")
        }
    }

    /// The scheme's selection, when `--xcode` was given (and validated).
    package var selection: RunPlan.XcodeSelection? {
        guard isOn, let scheme else { return nil }
        return RunPlan.XcodeSelection(
            scheme: scheme, workspace: workspace, project: project, destination: destination,
            onlyTesting: onlyTesting)
    }
}
