import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Random packages (behaviours, frameworks, sizes, tests that print other tests' result lines or forge a
/// summary and exit 0), random worker counts and run counts, through the whole session: whatever
/// happens, every test has one outcome per run, not-run only with a reason, and never a pass the
/// package did not print for that test itself. Seeded, so a failure names the seed that replays it
/// (`FLAKECHECK_FUZZ_SEED`, `FLAKECHECK_FUZZ_ITERATIONS`).
@Suite struct RunInvariantFuzzTests {
    @Test func everySessionKeepsTheOneOutcomeInvariant() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["FLAKECHECK_FUZZ_SEED"].flatMap(UInt64.init) ?? 2026
        let iterations = environment["FLAKECHECK_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 16
        var random = SplitMix64(seed: seed)
        for iteration in 0..<iterations {
            let count = 1 + random.below(6)
            let tests = (0..<count).map { number -> FakePackage.Test in
                let framework: TestFramework = random.below(2) == 0 ? .xctest : .swiftTesting
                let id = framework == .xctest ? "M.C/test\(number)" : "M.S/t\(number)()"
                let behaviour: FakePackage.Behaviour =
                    switch random.below(11) {
                    case 0: .failsEvery(1 + random.below(4))
                    case 1: .crashesEvery(1 + random.below(4))
                    case 2: .crashesWithOthersEvery(1 + random.below(3))
                    case 3: .hangsEvery(1 + random.below(4), printing: random.below(2) == 0)
                    case 4: .hangsWithOthersEvery(1 + random.below(3))
                    case 5: .neverReported
                    // Spoofed lines: other tests' forged passes, and a forged summary followed by exit(0).
                    case 6: .spoofsOthers
                    case 7: .forgesSummaryAndExits
                    // A child process replays the test's own lines (start, pass, fail, summary) inside it.
                    case 8: .runsItselfAsChild(failsEvery: 1 + random.below(3))
                    default: .passes
                    }
                return FakePackage.Test(id: id, framework: framework, behaviour: behaviour)
            }
            let package = try FakePackage(tests: tests)
            let runs = 1 + random.below(8)
            let workers = 1 + random.below(4)
            let session = try RunHarnessTests.session(
                package, ["run", "--runs", "\(runs)", "--workers", "\(workers)", "--timeout", "5", "--quiet"])
            #expect(session.report != nil, "seed \(seed) iteration \(iteration)")
            #expect(session.report?.tests.count == count, "seed \(seed) iteration \(iteration)")
            RunHarnessTests.expectInvariant(session, package, runs: runs)
            let unresolved =
                session.report?.runs.contains { ($0.incidents ?? []).contains(where: \.isUnresolved) } ?? false
            if unresolved { #expect(session.report?.gate.passed == false, "seed \(seed) iteration \(iteration)") }
        }
    }
}
