import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// How each run's conditions are varied: `--perturb`, `--explore-schedules`, `--perturb-noise`,
/// `--perturb-seed` (and `--stress`, kept for old scripts).
package struct ConditionOptions: OptionGroup {
    /// Kept so old scripts keep working: its CPU burners made races rarer, not sooner (README, "What did not work").
    package static let stress = Option<Int>.integer(
        "--stress", value: "LEVEL", help: "Replaced by --perturb: any level above 0 runs with --perturb (and says so)",
        default: 0, range: 0...3)
    package static let hunt = Flag(
        "--hunt",
        help: "Learn each test's conditions while it runs: every run is plain, delayed "
            + "(slow tasks, delayed or batched jobs), alone, with pairs apart, on one CPU, with ordered "
            + "schedules or with busy CPUs, as each test's failures under each call for (Thompson "
            + "sampling); the report says which arm failed it most")
    package static let perturb = Flag("--perturb", help: "The same as --hunt")
    package static let exploreSchedules = Flag(
        "--explore-schedules",
        help: "Instead of --hunt's arms, every run orders Swift concurrency's "
            + "jobs by seeded random task priorities (PCT, depth 1-3), one job at a time, "
            + "instead of delaying them: for ordering races between tasks of one test; it "
            + "hides races between parallel tests (Linux)")
    package static let perturbNoise = Flag(
        "--perturb-noise",
        help: "With --hunt: also a noise arm, busy threads (25-75% of each "
            + "CPU) and memory churn (64 or 256 MB) inside the test process")
    package static let shortenSleeps = Flag(
        "--shorten-sleeps",
        help: "With --hunt: also an arm in which every Swift concurrency "
            + "sleep waits a hundredth of what it asks and tasks are slowed, so a test that "
            + "sleeps to wait for other work fails; so does one that times out real work with "
            + "a sleep (Linux)")
    package static let perturbSeed = Option<UInt64>(
        "--perturb-seed", value: "S",
        help: "With --hunt: the seed of the conditions, to repeat a run's conditions (default: random)",
        takes: "a whole number from 0 to \(UInt64.max)"
    ) { UInt64($0) }
    package static let learnFrom = Option<String>.text(
        "--learn-from", value: "REPORT",
        help: "With --hunt: start each test's rates per arm from a previous --hunt "
            + "report.json, so a new session goes on from what that one learned")
    package static let arms = Option<[ConditionArm]>(
        "--arms", value: "LIST",
        help: "With --hunt: only these arms, comma-separated (plain, slowTasks, delayedJobs, "
            + "batchedJobs, alone, pairsApart, oneCPU, schedules, busyCPUs, shortSleeps, noise), for a race you know "
            + "the conditions of, or to measure one arm's rate",
        takes: "arm names separated by commas, as runs[].perturbation.arm writes them"
    ) { text in
        let arms = text.split(separator: ",").map { ConditionArm(rawValue: $0.trimmingCharacters(in: .whitespaces)) }
        return arms.isEmpty || arms.contains(nil) ? nil : arms.compactMap { $0 }
    }
    package static let specs = [
        stress.spec.hiddenFromHelp(), hunt.spec, perturb.spec, arms.spec, learnFrom.spec, exploreSchedules.spec,
        perturbNoise.spec, shortenSleeps.spec, perturbSeed.spec,
    ]

    package var stressed: Bool
    package var perturb: Bool
    /// The name the user gave it (`--hunt` or `--perturb`), for refusals.
    private var huntName: String
    package var exploreSchedules: Bool
    package var noise: Bool
    package var shortenSleeps: Bool
    package var seed: UInt64?
    package var learnFrom: String?
    /// `--arms`: the only arms the hunt may draw; nil for every arm the session can make.
    package var onlyArms: [ConditionArm]?

    package init(_ parsed: ParsedArguments) throws {
        stressed = try parsed.value(Self.stress)! > 0
        perturb = parsed.has(Self.perturb) || parsed.has(Self.hunt)
        huntName = parsed.has(Self.hunt) ? Self.hunt.spec.name : Self.perturb.spec.name
        exploreSchedules = parsed.has(Self.exploreSchedules)
        noise = parsed.has(Self.perturbNoise)
        shortenSleeps = parsed.has(Self.shortenSleeps)
        seed = try parsed.value(Self.perturbSeed)
        learnFrom = try parsed.value(Self.learnFrom)
        onlyArms = try parsed.value(Self.arms)
    }

    /// Whether any option asks for varied conditions (each of them implies `--perturb`).
    package var varies: Bool {
        stressed || noise || shortenSleeps || exploreSchedules || perturb || seed != nil || learnFrom != nil
            || onlyArms != nil
    }

    /// The flags given that need the scheduler hook library, as `--sanitize` names them when it refuses
    /// them: ThreadSanitizer intercepts the calls the library interposes. A hunt without them (plain, runs
    /// alone, pairs apart, one CPU, busy CPUs) combines with the sanitizer.
    package var needingHookLibrary: [String] {
        [
            (exploreSchedules, Self.exploreSchedules.spec.name), (noise, Self.perturbNoise.spec.name),
            (shortenSleeps, Self.shortenSleeps.spec.name),
        ]
        .filter(\.0).map(\.1)
    }

    package func validate() throws {
        if exploreSchedules, noise || stressed || shortenSleeps {
            throw FlakeCheckError.usage(
                "--explore-schedules varies only the order of jobs; it does not combine with "
                    + "--perturb-noise, --shorten-sleeps or --stress.")
        }
        if exploreSchedules, learnFrom != nil {
            throw FlakeCheckError.usage("--learn-from goes with --hunt: --explore-schedules has no arms to learn.")
        }
        if exploreSchedules, onlyArms != nil {
            throw FlakeCheckError.usage(
                "--arms goes with --hunt; --explore-schedules is --hunt --arms schedules in every run.")
        }
    }
}
