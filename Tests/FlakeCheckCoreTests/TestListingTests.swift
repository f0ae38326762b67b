import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// The test binary's own lists, read exactly: a name may hold spaces, commas, dots and any Unicode, a
/// name may be listed twice or be empty (Quick 7.6.2's spec tests), and nothing that is not a test line
/// becomes a test. Every listed test can be selected and is matched to its own lines.
@Suite struct TestListingTests {
    /// Quick's `--list-tests`, cut down: names with spaces, commas, Unicode, a dot (listed as `/`), an
    /// empty name (listed as the class alone) and a name listed twice.
    static let quickListing = """
        a print before the listing
        Listing 7 tests in debug.xctest:

        Quick.QuickSpec/has a description with セレクター名に使えない文字が入っている 👊💥
        Quick.QuickSpec/returns nil when asking for AsyncSpec/current
        Quick.QuickSpec/has an unfocused example that fails, but is never run
        Quick.QuickSpec
        Quick.QuickSpec/does not crash
        Quick.QuickSpec/does not crash
        QuickTests.SharedExamplesTests/testSharedExamples

        """

    static var catalog: TestCatalog {
        TestCatalog(
            TestDiscoverer.parseXCTestList(quickListing).map { TestIdentity(canonicalID: $0, framework: .xctest) })
    }

    @Test func xctestListingKeepsEveryLineWhole() {
        #expect(
            TestDiscoverer.parseXCTestList(Self.quickListing) == [
                "Quick.QuickSpec/has a description with セレクター名に使えない文字が入っている 👊💥",
                "Quick.QuickSpec/returns nil when asking for AsyncSpec/current",
                "Quick.QuickSpec/has an unfocused example that fails, but is never run",
                "Quick.QuickSpec",
                "Quick.QuickSpec/does not crash",
                "Quick.QuickSpec/does not crash #2",
                "QuickTests.SharedExamplesTests/testSharedExamples",
            ])
    }

    /// One test is `Listing 1 test in …` (the plugin's adopter package has one).
    @Test func aListingOfOneTest() {
        #expect(TestDiscoverer.parseXCTestList("Listing 1 test in debug.xctest:\n\nA.B/testOne\n") == ["A.B/testOne"])
        #expect(TestDiscoverer.parseXCTestList("Listing 0 tests in debug.xctest:\n\n").isEmpty)
    }

    /// An XCTest-only binary asked for Swift Testing's list runs XCTest instead: its lines are no tests.
    @Test func swiftTestingListingTakesOnlyDeclaredTests() {
        let output = """
            Test Suite 'Selected tests' started at 2026-11-26 11:25:14.911
            Test Suite 'Selected tests' passed at 2026-11-26 11:25:14.986
            \t Executed 0 tests, with 0 failures (0 unexpected) in 0.0 (0.0) seconds
            Lib.Suite/works()
            Lib.Suite/same()/A.swift:3:5
            Lib.Other/print.me

            """
        #expect(TestDiscoverer.parseSwiftTestingList(output, declared: []).isEmpty)
        #expect(
            TestDiscoverer.parseSwiftTestingList(
                output,
                declared: [
                    "Lib.Suite/works()/S.swift:1:2", "Lib.Suite/same()/A.swift:3:5", "Lib.Suite/same()/B.swift:3:5",
                ]) == ["Lib.Suite/works()", "Lib.Suite/same()/A.swift:3:5"])
        // Without an event stream to check against, a suite line is still no test.
        #expect(!TestDiscoverer.parseSwiftTestingList(output).contains { $0.hasPrefix("Test Suite") })
    }

    /// What selects each test on XCTest's command line, and what else that selector runs.
    @Test func selectorsNameEveryListedTest() {
        let catalog = Self.catalog
        #expect(
            catalog.xctestSelector(of: "Quick.QuickSpec/returns nil when asking for AsyncSpec/current")
                == "Quick.QuickSpec/returns nil when asking for AsyncSpec.current")
        // XCTest splits its selector at commas, and an empty name selects the class: the class runs whole.
        #expect(
            catalog.xctestSelector(of: "Quick.QuickSpec/has an unfocused example that fails, but is never run")
                == "Quick.QuickSpec")
        #expect(catalog.xctestSelector(of: "Quick.QuickSpec") == "Quick.QuickSpec")
        #expect(catalog.xctestSelector(of: "Quick.QuickSpec/does not crash #2") == "Quick.QuickSpec/does not crash")
        #expect(
            catalog.coSelected(["Quick.QuickSpec/does not crash #2"])
                == ["Quick.QuickSpec/does not crash", "Quick.QuickSpec/does not crash #2"])
        #expect(
            catalog.coSelected(["QuickTests.SharedExamplesTests/testSharedExamples"])
                == ["QuickTests.SharedExamplesTests/testSharedExamples"])
        #expect(catalog.coSelected(["Quick.QuickSpec"]).count == 6)
    }

    /// Each test's own lines, in the order the binary runs them, go to that test: the second `does not
    /// crash` to `#2`, even when only `#2` was asked for (its selector runs both).
    @Test func everyListedTestGetsItsOwnResult() {
        let catalog = Self.catalog
        let printed = [
            ("QuickSpec.has a description with セレクター名に使えない文字が入っている 👊💥", "passed"),
            ("QuickSpec.returns nil when asking for AsyncSpec.current", "passed"),
            ("QuickSpec.has an unfocused example that fails, but is never run", "passed"),
            ("QuickSpec.", "passed"),
            ("QuickSpec.does not crash", "passed"),
            ("QuickSpec.does not crash", "failed"),
        ]
        let log =
            ChildProcessOutputTests.root
            + printed.map { ChildProcessOutputTests.start($0.0) + ChildProcessOutputTests.end($0.0, $0.1) }.joined()
            + ChildProcessOutputTests.summary
        let transcript = Fixture.consoleTranscript(Data(log.utf8)).0
        let all = InvocationAnalysis(
            testIDs: Array(catalog.tests.map(\.id).prefix(6)), frameworks: [.xctest],
            exit: ProcessExit(exitCode: 1, signal: nil, wallSeconds: 0.1), console: transcript, eventStream: nil,
            catalog: catalog)
        #expect(all.unknownTests.isEmpty)
        #expect(all.results.count == 6)
        #expect(all.results["Quick.QuickSpec"]?.outcome == .passed)
        #expect(all.results["Quick.QuickSpec/returns nil when asking for AsyncSpec/current"]?.outcome == .passed)
        #expect(all.results["Quick.QuickSpec/does not crash #2"]?.outcome == .failed)
        // Selected alone, `#2`'s selector runs both tests printed alike.
        let both =
            ChildProcessOutputTests.root
            + printed.suffix(2).map { ChildProcessOutputTests.start($0.0) + ChildProcessOutputTests.end($0.0, $0.1) }
            .joined()
            + ChildProcessOutputTests.summary
        let second = InvocationAnalysis(
            testIDs: ["Quick.QuickSpec/does not crash #2"], frameworks: [.xctest],
            exit: ProcessExit(exitCode: 1, signal: nil, wallSeconds: 0.1),
            console: Fixture.consoleTranscript(Data(both.utf8)).0, eventStream: nil, catalog: catalog)
        #expect(second.results.keys.sorted() == ["Quick.QuickSpec/does not crash #2"])
        #expect(second.results["Quick.QuickSpec/does not crash #2"]?.outcome == .failed)
        #expect(second.unknownTests.isEmpty)
    }

    /// The invocation names each selector once, and never a name XCTest would split.
    @Test func invocationsSelectByRunName() {
        let catalog = Self.catalog
        var factory = InvocationFactory(
            mode: .process, testBinary: "/bin/T.xctest", packagePath: "/p", configuration: "debug",
            environment: [:], timeout: 60, scratchDirectory: "/tmp",
            totalTests: [.xctest: catalog.tests.count])
        factory.xctestSelector = { catalog.xctestSelector(of: $0) }
        let chosen = catalog.tests.filter { $0.id.contains("unfocused") || $0.id.contains("crash") }
        let arguments = factory.invocations(for: chosen, tag: "t").map(\.request.arguments)
        #expect(arguments == [["Quick.QuickSpec,Quick.QuickSpec/does not crash"]])
    }

    /// A result printed under a name the list lacks is no test: each run says so in an incident, and a
    /// failure under such a name fails the gate (it may be a selected test's, and cannot be placed).
    @Test(arguments: [TestFramework.xctest, .swiftTesting])
    func aNameTheListLacksIsAnIncidentNotATest(framework: TestFramework) throws {
        let ids = framework == .xctest ? ["M.C/testListed", "M.C/testHidden"] : ["M.S/listed()", "M.S/hidden()"]
        let package = try FakePackage(tests: [
            .init(id: ids[0], framework: framework, behaviour: .passes),
            .init(id: ids[1], framework: framework, behaviour: .failsEvery(1)),
        ])
        package.unlisted = [ids[1]]
        let session = try RunHarnessTests.session(package, ["run", "--runs", "2", "--quiet"])
        let report = try #require(session.report)
        #expect(report.tests.map(\.id) == [ids[0]])
        #expect(report.tests.first?.history == "PP")
        for run in report.runs {
            let incident = try #require(run.incidents?.first { $0.kind == .unlistedName })
            #expect(incident.isUnresolved)
            #expect(incident.message.contains("does not have"))
        }
        #expect(report.gate.passed == false)
    }
}

/// Version 0 of the event stream drops warning issues for the whole run, which changed what tests that
/// count their own warnings saw (swift-property-based's `WarningTests` failed under flakecheck only).
@Suite struct EventStreamVersionTests {
    @Test(arguments: [
        ("Swift version 6.3.1 (swift-6.3.1-RELEASE), x86_64-unknown-linux-gnu", "6.3"),
        ("Apple Swift version 6.4 (swiftlang-6.4.0.1.1 clang-1700.0.13.5)", "6.3"),
        ("Swift version 7.0-dev (LLVM abc, Swift def)", "6.3"),
        ("Swift version 6.2.1 (swift-6.2.1-RELEASE)", "0"),
        ("Swift version 5.10 (swift-5.10-RELEASE)", "0"),
        ("no version here", "0"),
    ])
    func theVersionFollowsTheToolchain(toolchain: String, version: String) {
        #expect(EventStreamVersion.requested(toolchain: toolchain) == version)
    }

    @Test func theInvocationAsksForIt() {
        var factory = InvocationFactory(
            mode: .process, testBinary: "/bin/T.xctest", packagePath: "/p", configuration: "debug",
            environment: [:], timeout: 60, scratchDirectory: "/tmp", totalTests: [.swiftTesting: 2])
        factory.eventStreamVersion = EventStreamVersion.requested(toolchain: "Swift version 6.3.1")
        let arguments = factory.invocations(
            for: [TestIdentity(canonicalID: "M.S/a()", framework: .swiftTesting)], tag: "t"
        )
        .flatMap(\.request.arguments)
        #expect(arguments.contains("--event-stream-version") && arguments.contains("6.3") && !arguments.contains("0"))
        #expect(EventStreamVersion.requested(toolchain: nil) == "0")
    }
}
