import FlakeCheckSupport
import Foundation

/// How a test process is started on macOS, where `<Package>PackageTests.xctest` is a bundle, not an
/// executable: exactly as `swift test` does it (SwiftPM `TestRunner.args(forTestAt:)` and
/// `TestingSupport.constructTestEnvironment`, 6.0 to 6.3):
///
///     xcrun-found xctest [-XCTest A.B/c,A.B/d] <bundle>                                      XCTest
///     swiftpm-testing-helper --test-bundle-path <binary> <arguments> <binary> --testing-library swift-testing
///
/// where `<binary>` is the Mach-O inside the bundle (`Contents/MacOS/<Package>PackageTests`), which the
/// helper `dlopen`s and whose `main` it calls with the whole argv. Building the command lines is pure, so
/// both are unit-tested on Linux; `locate` is the only part that asks the machine (`xcrun`).
package struct MacOSTestBundle: Sendable, Equatable {
    package var bundlePath: String
    /// From `xcrun --sdk macosx --find xctest`.
    package var xctestPath: String
    /// `<toolchain>/usr/bin/swiftpm-testing-helper`, or `usr/libexec/swift/pm/` in installed toolchains.
    package var testingHelperPath: String
    /// From `xcrun --sdk macosx --show-sdk-platform-path`: where XCTest.framework and its libraries live.
    package var platformPath: String?

    package init(bundlePath: String, xctestPath: String, testingHelperPath: String, platformPath: String?) {
        self.bundlePath = bundlePath
        self.xctestPath = xctestPath
        self.testingHelperPath = testingHelperPath
        self.platformPath = platformPath
    }

    /// `Foo.xctest/Contents/MacOS/Foo`.
    package var executablePath: String {
        let name = (bundlePath as NSString).lastPathComponent
        return "\(bundlePath)/Contents/MacOS/\((name as NSString).deletingPathExtension)"
    }

    /// `selectors` is XCTest's comma-separated list; nil runs every XCTest test in the bundle.
    package func xctestCommand(selectors: String?) -> (executable: String, arguments: [String]) {
        (xctestPath, (selectors.map { ["-XCTest", $0] } ?? []) + [bundlePath])
    }

    /// `arguments` are what the test binary gets on Linux, after `--testing-library swift-testing`.
    package func swiftTestingCommand(arguments: [String]) -> (executable: String, arguments: [String]) {
        (
            testingHelperPath,
            ["--test-bundle-path", executablePath] + arguments
                + [executablePath, "--testing-library", "swift-testing"]
        )
    }

    /// What SwiftPM adds to the inherited environment: the platform's developer frameworks and libraries
    /// (XCTest.framework, Testing), and `SWIFT_TESTING_ENABLED=0` for XCTest so the XCTest process does not
    /// also run the Swift Testing tests.
    package func environment(_ base: [String: String], forXCTest: Bool) -> [String: String] {
        var environment = base
        if let platformPath {
            Self.append(
                [
                    "\(platformPath)/Developer/Library/Frameworks",
                    "\(platformPath)/Developer/Library/PrivateFrameworks",
                ],
                to: "DYLD_FRAMEWORK_PATH", in: &environment)
            Self.append(["\(platformPath)/Developer/usr/lib"], to: "DYLD_LIBRARY_PATH", in: &environment)
        }
        if forXCTest { environment["SWIFT_TESTING_ENABLED"] = "0" }
        return environment
    }

    private static func append(_ paths: [String], to key: String, in environment: inout [String: String]) {
        environment[key] = ((environment[key].map { [$0] } ?? []) + paths).joined(separator: ":")
    }

    /// Where the helper may be, given the `swift` that builds: SwiftPM looks in the toolchain's `usr/bin`,
    /// then `usr/libexec/swift/pm`.
    package static func testingHelperCandidates(swiftPath: String) -> [String] {
        let bin = (swiftPath as NSString).deletingLastPathComponent
        let usr = (bin as NSString).deletingLastPathComponent
        return ["\(bin)/swiftpm-testing-helper", "\(usr)/libexec/swift/pm/swiftpm-testing-helper"]
    }

    /// Whether a run starts test products itself on macOS, and so needs the tools `locate` finds: not in
    /// swift-test mode (SwiftPM starts them) and not in xcode mode (xcodebuild does), where looking for
    /// them could only fail with advice those modes forbid.
    package static func isNeeded(on platform: TestPlatform, mode: ExecutionMode) -> Bool {
        platform == .macOS && (mode == .process || mode == .inProcess)
    }

    /// Asks `xcrun` for the tools, as SwiftPM does. Throws with what to install when one is missing.
    package static func locate(
        bundlePath: String, environment: [String: String], launcher: any ProcessLaunching,
        cancellation: CancellationFlag
    ) throws -> MacOSTestBundle {
        func xcrun(_ arguments: [String]) -> String? {
            var output = [UInt8]()
            let request = ProcessRequest(
                executable: "/usr/bin/xcrun", arguments: arguments, environment: environment,
                workingDirectory: FileManager.default.currentDirectoryPath, timeout: 60)
            guard let exit = try? launcher.run(request, cancellation: cancellation, onOutput: { output += $0 }),
                exit.succeeded
            else { return nil }
            let text = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return text.split(separator: "\n").last.map(String.init)
        }
        guard let xctest = xcrun(["--sdk", "macosx", "--find", "xctest"]) else {
            throw FlakeCheckError.discoveryFailed(
                "`xcrun --sdk macosx --find xctest` found no xctest: install Xcode (XCTest is part of it), "
                    + "or run with --mode swift-test")
        }
        let swift = xcrun(["--find", "swift"]) ?? "/usr/bin/swift"
        guard let helper = testingHelperCandidates(swiftPath: swift).first(where: FileManager.default.isExecutableFile)
        else {
            throw FlakeCheckError.discoveryFailed(
                "no swiftpm-testing-helper next to \(swift) (a Swift 6.0 or newer toolchain has it); "
                    + "run with --mode swift-test")
        }
        return MacOSTestBundle(
            bundlePath: bundlePath, xctestPath: xctest, testingHelperPath: helper,
            platformPath: xcrun(["--sdk", "macosx", "--show-sdk-platform-path"]))
    }
}
