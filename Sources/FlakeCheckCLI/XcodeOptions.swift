import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// `--xcode --scheme S [--workspace W | --project P] [--destination D] --only-testing T/C/m …`: an Xcode
/// scheme's tests, run through xcodebuild.
package struct XcodeOptions: OptionGroup {
    package static let xcode = Flag(
        "--xcode",
        help: "Run an Xcode scheme's tests with xcodebuild (macOS): build-for-testing once, "
            + "then test-without-building per run; needs --scheme and --only-testing")
    package static let scheme = Option<String>.text(
        "--scheme", value: "NAME", help: "With --xcode: the scheme to build and test")
    package static let workspace = Option<String>.text(
        "--workspace", value: "FILE", help: "With --xcode: the .xcworkspace (or give --project)")
    package static let project = Option<String>.text("--project", value: "FILE", help: "With --xcode: the .xcodeproj")
    package static let destination = Option<String>.text(
        "--destination", value: "SPEC",
        help: "With --xcode: e.g. 'platform=iOS Simulator,name=iPhone 16' (one worker per simulator)")
    package static let onlyTesting = Option<String>.text(
        "--only-testing", value: "T/C/M",
        help: "With --xcode: a test to run, Target/Class/method or Target/Suite/function()",
        repeatable: true)
    package static let specs = [
        xcode.spec, scheme.spec, workspace.spec, project.spec, destination.spec, onlyTesting.spec,
    ]

    package var isOn: Bool
    package var scheme: String?
    package var workspace: String?
    package var project: String?
    package var destination: String?
    package var onlyTesting: [String]
    /// The first option given that belongs with `--xcode`, for the error when `--xcode` is not.
    private var stray: String?

    package init(_ parsed: ParsedArguments) throws {
        isOn = parsed.has(Self.xcode)
        scheme = try parsed.value(Self.scheme)
        workspace = try parsed.value(Self.workspace)
        project = try parsed.value(Self.project)
        destination = try parsed.value(Self.destination)
        onlyTesting = parsed.values(Self.onlyTesting)
        stray =
            [Self.scheme, Self.workspace, Self.project, Self.destination, Self.onlyTesting].first(where: parsed.gave)?
            .spec.name
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
