import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// `run --xcode` through the scripted launcher: xcodebuild's command lines, the
/// `.xctestrun` handoff and its console output, run for real on Linux with xcodebuild scripted.
@Suite struct XcodeRunTests {
    static func console(run: Int) -> String {
        let raceFails = run % 3 == 0
        return """
            Testing started
            Test suite 'CartTests' started on 'Clone 1 of iPhone 16 - App (32505)'
            Test case 'CartTests.testTotal()' passed on 'Clone 1 of iPhone 16 - App (32505)' (0.004 seconds)
            Test case 'CartTests.testRace()' \(raceFails ? "failed" : "passed") on 'Clone 1 of iPhone 16 - App (32505)' (0.010 seconds)
            Test case 'Checkout/pays()' passed on 'Clone 1 of iPhone 16 - App (32505)' (0.001 seconds)

            ** TEST \(raceFails ? "EXECUTE FAILED" : "EXECUTE SUCCEEDED") **

            """
    }

    @Test func xcodeRunBuildsOnceAndRunsTestWithoutBuildingPerRun() throws {
        let folder = NSTemporaryDirectory() + "fc-xcode-\(UUID().uuidString)"
        let products = folder + "/.build/flakecheck-xcode/Build/Products"
        let xctestrun = products + "/App_iphonesimulator18.0-arm64.xctestrun"
        let counter = Counter()
        let launcher = ScriptedLauncher { request in
            guard request.executable == "xcodebuild" else { return .init(ending: .exit(1)) }
            if request.arguments.first == "build-for-testing" {
                try? FileManager.default.createDirectory(atPath: products, withIntermediateDirectories: true)
                _ = FileManager.default.createFile(atPath: xctestrun, contents: Data("<plist/>".utf8))
                return .init(console: Array("** TEST BUILD SUCCEEDED **\n".utf8))
            }
            let run = counter.next()
            return .init(console: Array(Self.console(run: run).utf8), ending: .exit(run % 3 == 0 ? 65 : 0))
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let out = CapturedOutput()
        let err = CapturedOutput()
        let context = CommandContext(
            stdout: out, stderr: err, environment: [:], currentDirectory: folder, launcher: launcher)
        let destination = "platform=iOS Simulator,name=iPhone 16"
        let code = FlakeCheckCommand.main(
            [
                "run", "--xcode", "--scheme", "App", "--project", "App.xcodeproj", "--destination", destination,
                "--only-testing", "AppTests/CartTests/testRace", "--only-testing", "AppTests/CartTests/testTotal",
                "--only-testing", "AppTests/Checkout/pays()", "--runs", "6", "--output", folder + "/out", "--quiet",
            ], context: context)
        #expect(code == ExitCode.gateFailed, "\(err.text)")
        let report = try JSONReportFormat.decode(
            try Data(contentsOf: URL(fileURLWithPath: folder + "/out/report.json")), path: "r")
        let histories = Dictionary(uniqueKeysWithValues: report.tests.map { ($0.id, $0.history) })
        #expect(
            histories == [
                "AppTests.CartTests/testRace": "PPFPPF", "AppTests.CartTests/testTotal": "PPPPPP",
                "AppTests.Checkout/pays()": "PPPPPP",
            ])
        #expect(report.tests.first { $0.id == "AppTests.CartTests/testRace" }?.verdict == .flaky)
        #expect(report.configuration.workers == 1)

        let xcodebuild = launcher.requests.filter { $0.executable == "xcodebuild" }
        #expect(xcodebuild.count == 7)
        #expect(
            xcodebuild[0].arguments == [
                "build-for-testing", "-scheme", "App", "-project", folder + "/App.xcodeproj",
                "-destination", destination, "-derivedDataPath", folder + "/.build/flakecheck-xcode",
            ])
        #expect(
            xcodebuild[1].arguments == [
                "test-without-building", "-xctestrun", xctestrun, "-destination", destination,
                "-only-testing:AppTests/CartTests/testRace", "-only-testing:AppTests/CartTests/testTotal",
                "-only-testing:AppTests/Checkout/pays()", "-parallel-testing-enabled", "NO",
            ])
    }

    @Test(arguments: [
        (["run", "--scheme", "App"], "--scheme goes with --xcode"),
        (["run", "--xcode", "--only-testing", "A/B/c"], "--xcode needs --scheme"),
        (["run", "--xcode", "--scheme", "App"], "--xcode needs at least one --only-testing"),
        (
            ["run", "--xcode", "--scheme", "App", "--only-testing", "A/B/c", "--workspace", "W", "--project", "P"],
            "--workspace and --project exclude each other"
        ),
        // xcodebuild runs `--only-testing`: a replay's tests and conditions could not apply.
        (
            ["run", "--xcode", "--scheme", "App", "--only-testing", "A/B/c", "--replay", "r.json", "--run", "2"],
            "--mode, --perturb and --replay do not apply"
        ),
    ])
    func xcodeOptionsAreValidated(arguments: [String], message: String) {
        let (code, _, err) = CommandLineTests.run(arguments)
        #expect(code == ExitCode.usage)
        #expect(err.contains(message), "\(err)")
    }

    @Test func onlyTestingIdentifiersRoundTrip() {
        #expect(
            XcodebuildCommandLine.onlyTestingIdentifier("AppTests.CartTests/testRace") == "AppTests/CartTests/testRace")
        let identity = XcodebuildCommandLine.identity(onlyTesting: "AppTests/Checkout/pays()")
        #expect(identity.id == "AppTests.Checkout/pays()" && identity.framework == .swiftTesting)
        #expect(XcodebuildCommandLine.identity(onlyTesting: "AppTests/CartTests/testRace").framework == .xctest)
    }
}

/// A thread-safe run counter for scripted processes.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
