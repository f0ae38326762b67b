import FlakeCheckModel
import FlakeCheckSupport

/// How each run's conditions are varied: `--perturb`, `--explore-schedules`, `--perturb-noise`,
/// `--perturb-seed` (and `--stress`, kept for old scripts).
package struct ConditionOptions: OptionGroup {
    /// `--stress LEVEL`, kept so old scripts keep working: its CPU burners made races rarer, not sooner
    /// (README, "What did not work"). Any level above 0 runs with `--perturb`.
    var stressLevel = 0
    package var hunt = false
    var perturbFlag = false
    package var exploreSchedules = false
    package var noise = false
    package var shortenSleeps = false
    package var seed: UInt64?
    var learnFrom: String?
    /// `--arms`: the only arms the hunt may draw; nil for every arm the session can make.
    var onlyArms: [ConditionArm]?

    package init() {}

    package static let stress = OptionField<Self>(
        Option<Int>.integer(
            "--stress", value: "LEVEL",
            help: "Replaced by --perturb: any level above 0 runs with --perturb (and says so)",
            range: 0...3),
        \.stressLevel)
    package static let hunt = OptionField<Self>(
        Flag(
            "--hunt",
            help: "Learn each test's conditions while it runs: every run is plain, delayed "
                + "(slow tasks, delayed or batched jobs, slow queues), alone, with pairs apart, on one CPU, with ordered "
                + "schedules or with busy CPUs, as each test's failures under each call for (Thompson "
                + "sampling); the report says which arm failed it most"),
        \.hunt)
    package static let perturb = OptionField<Self>(Flag("--perturb", help: "The same as --hunt"), \.perturbFlag)
    package static let exploreSchedules = OptionField<Self>(
        Flag(
            "--explore-schedules",
            help: "Instead of --hunt's arms, every run orders Swift concurrency's "
                + "jobs by seeded random task priorities (PCT, depth 1-3), one job at a time, "
                + "instead of delaying them: for ordering races between tasks of one test; it "
                + "hides races between parallel tests (Linux)"),
        \.exploreSchedules)
    static let perturbNoise = OptionField<Self>(
        Flag(
            "--perturb-noise",
            help: "With --hunt: also a noise arm, busy threads (25-75% of each "
                + "CPU) and memory churn (64 or 256 MB) inside the test process"),
        \.noise)
    package static let shortenSleeps = OptionField<Self>(
        Flag(
            "--shorten-sleeps",
            help: "With --hunt: also an arm in which every Swift concurrency "
                + "sleep waits a hundredth of what it asks and tasks are slowed, so a test that "
                + "sleeps to wait for other work fails; so does one that times out real work with "
                + "a sleep (Linux)"),
        \.shortenSleeps)
    package static let perturbSeed = OptionField<Self>(
        Option<UInt64>(
            "--perturb-seed", value: "S",
            help: "With --hunt: the seed of the conditions, to repeat a run's conditions (default: random)",
            takes: "a whole number from 0 to \(UInt64.max)"
        ) { UInt64($0) },
        \.seed)
    static let learnFrom = OptionField<Self>(
        Option<String>.text(
            "--learn-from", value: "REPORT",
            help: "With --hunt: start each test's rates per arm from a previous --hunt "
                + "report.json, so a new session goes on from what that one learned"),
        \.learnFrom)
    package static let arms = OptionField<Self>(
        Option<[ConditionArm]>(
            "--arms", value: "LIST",
            help: "With --hunt: only these arms, comma-separated ("
                + ConditionArm.allCases.map(\.rawValue).joined(separator: ", ") + "), for a race you "
                + "know the conditions of, or to measure one arm's rate",
            takes: "arm names separated by commas, as runs[].perturbation.arm writes them"
        ) { text in
            let arms = text.split(separator: ",").map {
                ConditionArm(rawValue: $0.trimmingCharacters(in: .whitespaces))
            }
            return arms.isEmpty || arms.contains(nil) ? nil : arms.compactMap { $0 }
        },
        \.onlyArms)
    package static let fields = [
        stress.hiddenFromHelp(), hunt, perturb, arms, learnFrom, exploreSchedules, perturbNoise, shortenSleeps,
        perturbSeed,
    ]

    /// `--stress` above 0.
    var stressed: Bool { stressLevel > 0 }
    /// `--hunt` or its other name.
    package var perturb: Bool { hunt || perturbFlag }

    /// Whether any option asks for varied conditions (each of them implies `--perturb`).
    var varies: Bool {
        stressed || noise || shortenSleeps || exploreSchedules || perturb || seed != nil || learnFrom != nil
            || onlyArms != nil
    }

    /// The flags given that need the scheduler hook library, as `--sanitize` names them when it refuses
    /// them: ThreadSanitizer intercepts the calls the library interposes. A hunt without them (plain, runs
    /// alone, pairs apart, one CPU, busy CPUs) combines with the sanitizer.
    var needingHookLibrary: [String] {
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
