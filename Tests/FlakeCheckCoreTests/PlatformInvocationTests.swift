import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// The command lines of test processes on Linux and macOS, checked on Linux: building
/// them is a pure function of the platform's layout and the selected tests.
@Suite struct PlatformInvocationTests {
    static let bundle = MacOSTestBundle(
        bundlePath: "/p/.build/arm64-apple-macosx/debug/AppPackageTests.xctest",
        xctestPath: "/Applications/Xcode.app/Contents/Developer/usr/bin/xctest",
        testingHelperPath:
            "/Library/Developer/Toolchains/swift.xctoolchain/usr/libexec/swift/pm/swiftpm-testing-helper",
        platformPath: "/Applications/Xcode.app/Contents/Developer/Platforms/MacOSX.platform")
    static let executable = "/p/.build/arm64-apple-macosx/debug/AppPackageTests.xctest/Contents/MacOS/AppPackageTests"
    static let tests = [
        TestIdentity(canonicalID: "AppTests.CartTests/testTotal", framework: .xctest),
        TestIdentity(canonicalID: "AppTests.CartTests/testRace", framework: .xctest),
        TestIdentity(canonicalID: "AppTests.Checkout/pays()", framework: .swiftTesting),
        TestIdentity(canonicalID: "AppTests.Checkout/refunds()", framework: .swiftTesting),
    ]

    static func factory(macOS: Bool, total: Int = 3) -> InvocationFactory {
        var factory = InvocationFactory(
            mode: .process,
            testBinary: macOS ? bundle.bundlePath : "/p/.build/x86_64-unknown-linux-gnu/debug/AppPackageTests.xctest",
            packagePath: "/p", configuration: "debug",
            environment: ["PATH": "/usr/bin", "DYLD_LIBRARY_PATH": "/opt/lib"],
            timeout: 60, scratchDirectory: "/tmp/s", totalTests: [.xctest: total, .swiftTesting: total])
        if macOS { factory.macOSBundle = bundle }
        return factory
    }

    /// The bundle's tools are looked for only where flakecheck starts the test products itself: under
    /// `--xcode` on macOS the probe would fail with advice (`--mode swift-test`) that `--xcode` refuses.
    @Test func macOSLooksForTheBundleToolsOnlyWhenItStartsTheTests() {
        #expect(MacOSTestBundle.isNeeded(on: .macOS, mode: .process))
        #expect(MacOSTestBundle.isNeeded(on: .macOS, mode: .inProcess))
        #expect(!MacOSTestBundle.isNeeded(on: .macOS, mode: .xcode))
        #expect(!MacOSTestBundle.isNeeded(on: .macOS, mode: .swiftTest))
        #expect(!MacOSTestBundle.isNeeded(on: .linux, mode: .process))
    }

    @Test func linuxRunsTheTestBinaryItself() throws {
        let invocations = Self.factory(macOS: false).invocations(for: Self.tests, tag: "r1")
        #expect(invocations.count == 2)
        let xctest = invocations[0].request
        #expect(xctest.executable == "/p/.build/x86_64-unknown-linux-gnu/debug/AppPackageTests.xctest")
        #expect(xctest.arguments == ["AppTests.CartTests/testTotal,AppTests.CartTests/testRace"])
        let swiftTesting = invocations[1].request
        #expect(swiftTesting.executable == xctest.executable)
        #expect(
            swiftTesting.arguments == [
                "--testing-library", "swift-testing",
                "--filter",
                TestSelection.exactExpression(for: ["AppTests.Checkout/pays()", "AppTests.Checkout/refunds()"]),
                "--event-stream-output-path", "/tmp/s/events-r1-st0.jsonl", "--event-stream-version", "0",
            ])
        #expect(swiftTesting.environment["SWIFT_TESTING_ENABLED"] == nil)
    }

    @Test func macOSRunsXCTestThroughXctestWithTheBundle() throws {
        let invocations = Self.factory(macOS: true).invocations(for: Self.tests, tag: "r1")
        let xctest = invocations[0].request
        #expect(xctest.executable == Self.bundle.xctestPath)
        #expect(
            xctest.arguments == [
                "-XCTest", "AppTests.CartTests/testTotal,AppTests.CartTests/testRace", Self.bundle.bundlePath,
            ])
        #expect(xctest.environment["SWIFT_TESTING_ENABLED"] == "0")
        let platform = Self.bundle.platformPath!
        #expect(
            xctest.environment["DYLD_FRAMEWORK_PATH"]
                == "\(platform)/Developer/Library/Frameworks:\(platform)/Developer/Library/PrivateFrameworks")
        #expect(xctest.environment["DYLD_LIBRARY_PATH"] == "/opt/lib:\(platform)/Developer/usr/lib")
        #expect(xctest.environment["PATH"] == "/usr/bin")
    }

    /// Every XCTest test selected: no `-XCTest`, as `swift test` without a filter.
    @Test func macOSWholeSuiteHasNoSelector() {
        let invocations = Self.factory(macOS: true, total: 2).invocations(for: Self.tests, tag: "r2")
        #expect(invocations[0].request.arguments == [Self.bundle.bundlePath])
        #expect(
            invocations[1].request.arguments == [
                "--test-bundle-path", Self.executable, "--event-stream-output-path", "/tmp/s/events-r2-st0.jsonl",
                "--event-stream-version", "0", Self.executable, "--testing-library", "swift-testing",
            ])
    }

    @Test func macOSRunsSwiftTestingThroughTheHelper() throws {
        let invocations = Self.factory(macOS: true).invocations(for: Self.tests, tag: "r1", repetitions: 5)
        let swiftTesting = invocations[1].request
        #expect(swiftTesting.executable == Self.bundle.testingHelperPath)
        #expect(
            swiftTesting.arguments == [
                "--test-bundle-path", Self.executable,
                "--filter",
                TestSelection.exactExpression(for: ["AppTests.Checkout/pays()", "AppTests.Checkout/refunds()"]),
                "--event-stream-output-path", "/tmp/s/events-r1-st0.jsonl", "--event-stream-version", "0",
                "--repetitions", "5", Self.executable, "--testing-library", "swift-testing",
            ])
        #expect(swiftTesting.environment["SWIFT_TESTING_ENABLED"] == nil)
        #expect(invocations[1].eventStreamPath == "/tmp/s/events-r1-st0.jsonl")
    }

    @Test func helperIsLookedForWhereSwiftPMLooks() {
        #expect(
            MacOSTestBundle.testingHelperCandidates(swiftPath: "/T/usr/bin/swift")
                == ["/T/usr/bin/swiftpm-testing-helper", "/T/usr/libexec/swift/pm/swiftpm-testing-helper"])
    }

    /// `swift test list` (how a macOS bundle's tests are listed) prints both libraries' IDs.
    @Test func swiftTestListTellsTheLibrariesApart() {
        let listed = PackageBuilder.parseTestList(
            """
            AppTests.CartTests/testRace
            AppTests.CartTests/testTotal
            AppTests.Checkout/pays()
            AppTests.topLevel(value:)
            """)
        #expect(listed.map(\.framework) == [.xctest, .xctest, .swiftTesting, .swiftTesting])
        #expect(
            listed.map(\.id) == [
                "AppTests.CartTests/testRace", "AppTests.CartTests/testTotal",
                "AppTests.Checkout/pays()", "AppTests.topLevel(value:)",
            ])
    }
}
