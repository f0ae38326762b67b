/// How a report says where a perturbed run's conditions came from, and how to see a flaky test fail again.
extension FlakeReport.Configuration {
    /// "Every run was perturbed (…)" with the command that repeats the conditions; `code` marks up a
    /// command (backticks in Markdown). Nil for runs that were not perturbed.
    func perturbationSentence(code: (String) -> String = { $0 }) -> String? {
        if let replayed {
            let command = "--replay \(replayed.report) --run \(replayed.run)"
            return "Every run had the conditions of run \(replayed.run) of \(replayed.report) (\(code(command)) repeats them)."
        }
        guard let perturbSeed else { return nil }
        if exploreSchedules == true {
            return "Every run's jobs were ordered by seeded priorities (\(code("--explore-schedules --perturb-seed \(perturbSeed)")) "
                + "repeats its conditions)."
        }
        // With several workers, which runs went alone followed the failures seen before them (`AloneShare`).
        return "Every run was perturbed (\(code("\(seedFlags) \(perturbSeed)")) repeats its conditions"
            + (learnsAloneRuns
               ? ", except which runs ran alone and which tests ran in pairs apart: that followed the failures)." : ").")
    }

    /// Whether `--perturb` chose its runs alone from the failures as they came: several workers, drawn
    /// conditions (not a replay's, not `--explore-schedules`).
    var learnsAloneRuns: Bool { workers > 1 && exploreSchedules != true && replayed == nil }

    /// The flags that, with the seed, draw the same conditions again.
    var seedFlags: String {
        exploreSchedules == true ? "--explore-schedules --perturb-seed"
            : shortenSleeps == true ? "--shorten-sleeps --perturb-seed" : "--perturb-seed"
    }
}

extension Reproduction {
    /// `fails most under slow tasks (9 of 40 runs); run 3, its first failure: flakecheck run --replay
    /// Reports/report.json --run 3`, or, when the condition's first failure came later, that run
    /// (`…; run 7, its first failure there, again: …`). `reportPath` is where this report.json is.
    func worded(reportPath: String, code: (String) -> String = { $0 }) -> String {
        var text = ""
        if let condition, let conditionFailures, let conditionRuns {
            text += "fails most \(PerturbationConditions.isPairLabel(condition) ? "when" : "under") \(condition) "
                + "(\(conditionFailures) of \(Formatting.count(conditionRuns, "run"))); "
        }
        let run = conditionRun ?? firstFailingRun
        return text + "run \(run), its first failure\(conditionRun == nil ? "" : " there"), again: "
            + code("flakecheck run --replay \(reportPath) --run \(run)")
    }
}
