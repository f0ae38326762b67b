import Foundation
import Testing
import FlakeCheckModel

/// Each test's first failure is said in seconds into the runs, with its run: what a user waits for.
@Suite struct FirstFailureTests {
    @Test func theFirstFailingRunIsNamedWithItsTime() throws {
        let package = try FakePackage(tests: [
            RunHarnessTests.xctest("M.C/testEveryThird", .failsEvery(3)), RunHarnessTests.xctest("M.C/testPasses"),
        ])
        let session = try RunHarnessTests.session(package, ["run", "--runs", "4", "--workers", "1"])
        let first = try #require(session.test("M.C/testEveryThird")?.firstFailure)
        #expect(first.run == 3)
        let runs = try #require(session.report?.runs)
        let start = runs.compactMap(\.startSeconds).min() ?? 0
        let third = try #require(runs.first { $0.index == 2 }?.endSeconds)
        #expect(first.seconds == third - start)
        #expect(session.test("M.C/testPasses")?.firstFailure == nil)
        #expect(session.stdout.contains("  first failed: "))
        #expect(session.stdout.contains("into the runs, in run 3"))
    }
}
