import FlakeCheckModel

extension RunPlan {
    /// The report's `configuration`: the one place a session's options become what report.json says was
    /// asked, each meaning of "runs" in a field of its own (`runs` each test's history, `runsAsked`,
    /// `maxRuns`, `runsHere`, `shard`).
    package func reportConfiguration(toolchain: String?, notes: [ConfigurationNote]?) -> FlakeReport.Configuration {
        var configuration = FlakeReport.Configuration(
            packagePath: packagePath, filters: selection.filters, skips: selection.skips, runs: runsPerTest,
            workers: workers, mode: run.mode.rawValue, timeoutSeconds: run.timeout,
            buildConfiguration: build.configuration, minPassRate: gate.minPassRate, confidence: gate.confidence,
            toolchain: toolchain, inputFiles: nil, shard: shard, untilProven: schedule.adaptive ? true : nil,
            notes: notes)
        if schedule.adaptive {
            configuration.maxRuns = runsPerTest
        } else {
            configuration.runsAsked = runsPerTest
            configuration.runsHere = shard.map { Self.runs(of: $0, among: runsPerTest) } ?? runsPerTest
        }
        configuration.targetFailureRate = gate.targetFailureRate
        configuration.rerunFailures = schedule.rerunFailures
        configuration.failOnFlaky = schedule.rerunFailures != nil ? schedule.failOnFlaky : nil
        configuration.changedSince = selection.changedSince
        configuration.budgetSeconds = schedule.budget
        configuration.failOnNewFlaky = schedule.failOnNewFlaky ? true : nil
        // A replay's seed is the replayed run's own: `--perturb-seed` with it would draw other conditions.
        configuration.perturbSeed = replayed == nil ? perturbation?.seed : nil
        configuration.exploreSchedules =
            configuration.perturbSeed != nil && perturbation?.schedules == true ? true : nil
        configuration.shortenSleeps =
            configuration.perturbSeed != nil && perturbation?.shortenSleeps == true ? true : nil
        configuration.perturbNoise = configuration.perturbSeed != nil && perturbation?.noise == true ? true : nil
        configuration.replayed = replayed
        configuration.sanitizer = run.sanitizer
        return configuration
    }

    /// How many of run indices `0..<runs` belong to `shard` (run index r is shard (r mod N) + 1).
    package static func runs(of shard: Shard, among runs: Int) -> Int {
        max(0, (runs - shard.index + shard.count) / shard.count)
    }
}
