extension RuntimeEvidence {
    /// "alone, 3 runs (2 failed): 2 Task.yield() per run, 1 unstructured task from the package's code per run,
    /// 6 main-actor jobs per run". Counts that vary between runs are given as a range. When the hint names
    /// a wait the runs never made, the sentence says so: the reading and the recording disagree.
    func sentence(hint: String?) -> String {
        let failed = runs.filter { $0.outcome.isFailure }.count
        var parts: [String] = []
        if let yields = Self.count(runs.map(\.yields), "Task.yield()", "Task.yield()") { parts.append(yields + " per run") }
        if let sleeps = Self.count(runs.map(\.sleeps.count), "sleep", "sleeps") {
            let durations = runs.flatMap(\.sleeps).sorted()
            let shortest = Formatting.seconds(durations.first), longest = Formatting.seconds(durations.last)
            parts.append(sleeps + " of " + (shortest == longest ? shortest : "\(shortest) to \(longest)") + " per run")
        }
        if let tasks = Self.count(runs.map(\.unstructuredTasks), "unstructured task", "unstructured tasks") {
            parts.append(tasks + " from the package's code per run")
        }
        if let main = Self.count(runs.map(\.mainActorJobs), "main-actor job", "main-actor jobs") { parts.append(main + " per run") }
        if let running = stillRunning { parts.append(running) }
        let shown = parts.isEmpty ? "no yield, sleep, unstructured task or main-actor job" : parts.joined(separator: ", ")
        var sentence = "alone, \(Formatting.count(runs.count, "run"))" + (failed > 0 ? " (\(failed) failed)" : "") + ": " + shown
        if let missing = missingWait(hint: hint) { sentence += "; read as \(hint!), but \(missing)" }
        return sentence
    }

    /// "2 Task.yield()", "1–3 sleeps": the count of each run, or its range; nil when every run had none.
    private static func count(_ counts: [Int], _ singular: String, _ plural: String) -> String? {
        guard let low = counts.min(), let high = counts.max(), high > 0 else { return nil }
        return low == high ? Formatting.count(low, singular, plural) : "\(low)–\(high) \(plural)"
    }

    /// "a task still running at the failure in 2 of 2 failed runs, at the end in 0 of 1 passed run": the
    /// snapshot the recorder takes at the first failure, or at the result of a run without one.
    private var stillRunning: String? {
        let snapshots = runs.filter { $0.tasksStillRunning != nil && $0.unstructuredTasks > 0 }
        guard !snapshots.isEmpty else { return nil }
        func share(_ outcome: (TestOutcome) -> Bool) -> (running: Int, of: Int) {
            let matching = snapshots.filter { outcome($0.outcome) }
            return (matching.filter { ($0.tasksStillRunning ?? 0) > 0 }.count, matching.count)
        }
        let failed = share(\.isFailure), passed = share { $0 == .passed }
        var parts: [String] = []
        if failed.of > 0 { parts.append("at the failure in \(failed.running) of \(Formatting.count(failed.of, "failed run"))") }
        if passed.of > 0 { parts.append("at the end in \(passed.running) of \(Formatting.count(passed.of, "passed run"))") }
        return parts.isEmpty ? nil : "a task still running " + parts.joined(separator: ", ")
    }

    private func missingWait(hint: String?) -> String? {
        switch hint.flatMap(SynchronisationHint.init(rawValue:)) {
        case .yieldGated where runs.allSatisfy({ $0.yields == 0 }): "no Task.yield() ran"
        case .sleepGated where runs.allSatisfy({ $0.sleeps.isEmpty }): "no sleep ran"
        case .unstructuredTask where runs.allSatisfy({ $0.unstructuredTasks == 0 }): "the package's code started no unstructured task"
        default: nil
        }
    }
}
