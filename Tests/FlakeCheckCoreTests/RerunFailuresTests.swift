import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// `--rerun-failures K`: the selection once, then each failure alone until it passes (flaky, with the
/// attempt that passed) or has failed K more times (failing, with its bound); the gate fails on failing
/// tests only unless `--fail-on-flaky`; JUnit carries Surefire's `flakyFailure` and `rerunFailure`.
@Suite struct RerunFailuresTests {
    static func package() throws -> FakePackage {
        try FakePackage(tests: [
            RunHarnessTests.xctest("M.C/testRecovers", .failsFirst(2)),
            RunHarnessTests.xctest("M.C/testBroken", .failsEvery(1)),
            RunHarnessTests.xctest("M.C/testFine"), RunHarnessTests.swiftTesting("M.S/recovers()", .failsFirst(1)),
        ])
    }

    static func session(_ package: FakePackage, _ arguments: [String]) throws -> (RunHarnessTests.Session, String) {
        let session = try RunHarnessTests.session(package, arguments)
        return (session, session.output)
    }

    @Test func failuresAreRerunAloneUntilTheyPassOrRunOut() throws {
        let package = try Self.package()
        let (session, output) = try Self.session(
            package, ["run", "--rerun-failures", "3", "--format", "json,junit", "--quiet"])
        let recovers = try #require(session.test("M.C/testRecovers"))
        #expect(recovers.history == "FFP" && recovers.verdict == .flaky)
        #expect(recovers.stopReason == "flaky: failed its first 2 runs, passed on rerun 2")
        let broken = try #require(session.test("M.C/testBroken"))
        #expect(broken.history == "FFFF" && broken.verdict == .failing)
        #expect(
            broken.stopReason
                == "failing: failed its first run and all 3 reruns; pass rate below 52.71% at 95% confidence")
        #expect(session.test("M.C/testFine")?.history == "P", "a test that passed is not rerun")
        #expect(session.test("M.S/recovers()")?.history == "FP")
        // Reruns: each failed test in a process of its own (one selector per XCTest process, one --filter
        // per Swift Testing process), the first pass with everything.
        let testProcesses = session.launcher.requests.filter {
            $0.executable == package.binary && !$0.arguments.contains("--list-tests")
        }
        let reruns = testProcesses.filter { $0.environment["FLAKECHECK_RUN"] != "1" }
        #expect(reruns.count == 2 + 3 + 1)
        #expect(
            reruns.allSatisfy { request in
                request.arguments.contains("--filter")
                    ? request.arguments.filter { $0 == "--filter" }.count == 1
                    : request.arguments.first?.split(separator: ",").count == 1
            })
        // The gate: only the test that never passed.
        #expect(session.code == ExitCode.gateFailed)
        #expect(session.report?.gate.belowThreshold == ["M.C/testBroken"])
        #expect(session.report?.gate.reasons == ["M.C/testBroken: never passed in 4 runs (the first and every rerun)"])
        let junit = try String(contentsOfFile: output + "/report.junit.xml", encoding: .utf8)
        func testCase(_ name: String) -> String {
            junit.components(separatedBy: "<testcase ").first { $0.contains("name=\"\(name)\"") } ?? ""
        }
        #expect(
            testCase("testBroken").components(separatedBy: "<rerunFailure ").count - 1 == 3, "\(testCase("testBroken"))"
        )
        #expect(testCase("testBroken").contains("<failure "))
        #expect(
            testCase("testRecovers").contains("<flakyFailure ") && !testCase("testRecovers").contains("<failure "),
            "\(testCase("testRecovers"))")
        #expect(!testCase("testFine").contains("Failure"))
    }

    @Test func failOnFlakyPutsTheFlakyTestsInTheGateToo() throws {
        let (session, _) = try Self.session(
            try Self.package(), ["run", "--rerun-failures", "2", "--fail-on-flaky", "--quiet"])
        #expect(
            Set(session.report?.gate.belowThreshold ?? []) == ["M.C/testBroken", "M.C/testRecovers", "M.S/recovers()"])
        #expect(session.report?.configuration.failOnFlaky == true)
    }

    @Test func aTestStillFailingWhenTheRerunsRunOutIsFailingEvenIfItWouldPassLater() throws {
        let (session, _) = try Self.session(try Self.package(), ["run", "--rerun-failures", "1", "--quiet"])
        #expect(session.test("M.C/testRecovers")?.history == "FF")
        #expect(session.test("M.C/testRecovers")?.verdict == .failing)
    }

    @Test(arguments: [
        ["--rerun-failures", "2", "--runs", "5"], ["--fail-on-flaky"], ["--rerun-failures", "2", "--until-proven"],
        ["--rerun-failures", "0"],
    ])
    func misuseIsAUsageError(arguments: [String]) throws {
        let (session, _) = try Self.session(try Self.package(), ["run"] + arguments)
        #expect(session.code == ExitCode.usage)
        #expect(session.launcher.requests.isEmpty)
    }
}
