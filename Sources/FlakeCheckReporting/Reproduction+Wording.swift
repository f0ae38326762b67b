import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckSupport

/// How a report says where a perturbed run's conditions came from, and how to see a flaky test fail again.
extension FlakeReport.Configuration {
    /// "Every run was perturbed (…)" with the command that repeats the conditions; `code` marks up a
    /// command (backticks in Markdown). Nil for runs that were not perturbed.
    func perturbationSentence(code: (String) -> String = { $0 }) -> String? {
        if let replayed {
            let command = "--replay \(replayed.report) --run \(replayed.run)"
            return
                "Every run had the conditions of run \(replayed.run) of \(replayed.report) (\(code(command)) repeats "
                + "them)."
        }
        guard let perturbSeed else { return nil }
        if exploreSchedules == true {
            return
                "Every run's jobs were ordered by seeded priorities "
                + "(\(code("--explore-schedules --perturb-seed \(perturbSeed)")) "
                + "repeats its conditions)."
        }
        // Each run's arm followed the failures seen before it (`ConditionArms`).
        return "Every run was perturbed (\(code("\(seedFlags) \(perturbSeed)")) repeats its conditions"
            + (learnsArms ? ", except each run's arm, which followed the failures)." : ").")
    }

    /// Whether `--hunt` chose its runs' arms from the failures as they came: drawn conditions (not a
    /// replay's, not `--explore-schedules`).
    var learnsArms: Bool { exploreSchedules != true && replayed == nil }

    /// The flags that, with the seed, draw the same conditions again.
    var seedFlags: String {
        ConditionArm.seedFlags(
            exploreSchedules: exploreSchedules == true,
            optionalArms: Set((shortenSleeps == true ? [.shortSleeps] : []) + (perturbNoise == true ? [.noise] : [])))
    }
}

extension Reproduction {
    /// `fails most under slow tasks: 9 of 40 runs (22.5%, 95% 12.3%-37.5%) against plain's 1 of 120 (0.8%,
    /// 0.1%-4.6%); run 7, its first failure there, again: flakecheck run --replay Reports/report.json --run 7`;
    /// without a condition beyond chance, plain's rate and the first failing run. `reportPath` is where this
    /// report.json is.
    package func worded(reportPath: String, code: (String) -> String = { $0 }) -> String {
        var text = ""
        if let condition, let conditionFailures, let conditionRuns {
            text +=
                "fails most \(PerturbationConditions.isPairLabel(condition) ? "when" : "under") \(condition): "
                + Self.rate(conditionFailures, conditionRuns)
                + (baselineRuns.map {
                    (baselineIsPlain == true ? " against plain's " : " against the other runs' ")
                        + Self.rate(baselineFailures ?? 0, $0, noun: false)
                } ?? "") + "; "
        } else if let baselineRuns, baselineIsPlain == true {
            text +=
                "no condition beat plain runs beyond chance (plain: " + Self.rate(baselineFailures ?? 0, baselineRuns)
                + "); "
        }
        let run = conditionRun ?? firstFailingRun
        return text + "run \(run), its first failure\(conditionRun == nil ? "" : " there"), again: "
            + code("flakecheck run --replay \(reportPath) --run \(run)")
    }

    /// `9 of 40 runs (22.5%, 95% 12.3%-37.5%)`.
    private static func rate(_ failures: Int, _ runs: Int, noun: Bool = true) -> String {
        let interval = ProportionInterval.wilson(successes: failures, trials: runs)
        return "\(failures) of \(noun ? Formatting.count(runs, "run") : String(runs)) "
            + "(\(Formatting.percent(Double(failures) / Double(max(1, runs)))), 95% \(Formatting.interval(interval)))"
    }
}

extension FlakeReport {
    /// A replay's answer to "did it come back?": `The failure came back in 3 of 50 replays (6.0%, 95%
    /// 2.1%-16.2%).`, counting the runs in which any replayed test failed, crashed or timed out. Nil for
    /// a session that is not a replay.
    var replaySentence: String? {
        guard configuration.replayed != nil else { return nil }
        let indices = Set(runs.map(\.index))
        let failing = Set(tests.flatMap(\.failingRuns)).intersection(indices)
        let interval = ProportionInterval.wilson(successes: failing.count, trials: indices.count)
        return "The failure came back in \(failing.count) of \(Formatting.count(indices.count, "replay")) "
            + "(\(Formatting.percent(Double(failing.count) / Double(max(1, indices.count)))), 95% "
            + "\(Formatting.interval(interval)))."
    }
}
