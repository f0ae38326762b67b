import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckSupport

extension RuntimeEvidence {
    /// "alone, 3 runs (2 failed): 2 Task.yield() per run, 1 unstructured task from the package's code per run,
    /// 6 main-actor jobs per run; before its first failure, its own task waited on 2 Task.yield() (1 run);
    /// observed as yield-gated in 1 failed run, read from the code as unknown". Counts that vary
    /// between runs are given as a range. When the hint names a wait the runs never made, the sentence says
    /// so: the reading and the recording disagree. `readHint`: the code's reading, when the observation
    /// replaced it.
    package func sentence(hint: String?, readHint: String? = nil) -> String {
        let failed = runs.filter { $0.outcome.isFailure }.count
        var parts: [String] = []
        if let yields = Self.count(runs.map(\.yields), "Task.yield()", "Task.yield()") {
            parts.append(yields + " per run")
        }
        if let sleeps = Self.count(runs.map(\.sleeps.count), "sleep", "sleeps") {
            let durations = runs.flatMap(\.sleeps).sorted()
            let shortest = Formatting.seconds(durations.first), longest = Formatting.seconds(durations.last)
            parts.append(sleeps + " of " + (shortest == longest ? shortest : "\(shortest) to \(longest)") + " per run")
        }
        if let tasks = Self.count(runs.map(\.unstructuredTasks), "unstructured task", "unstructured tasks") {
            parts.append(tasks + " from the package's code per run")
        }
        if let main = Self.count(runs.map(\.mainActorJobs), "main-actor job", "main-actor jobs") {
            parts.append(main + " per run")
        }
        if let running = stillRunning { parts.append(running) }
        let shown =
            parts.isEmpty ? "no yield, sleep, unstructured task or main-actor job" : parts.joined(separator: ", ")
        var sentence =
            "alone, \(Formatting.count(runs.count, "run"))" + (failed > 0 ? " (\(failed) failed)" : "") + ": " + shown
        if let waited { sentence += "; " + waited }
        if let observation, observation.hint.rawValue == hint {
            let runs = Formatting.count(observation.failedRuns, observation.inPassedRuns ? "passed run" : "failed run")
            sentence += "; observed as \(hint!) in \(runs)" + (observation.byTimer ? " (a timer resumed its wait)" : "")
            if let readHint, readHint != hint { sentence += ", read from the code as \(readHint)" }
        }
        if let missing = missingWait(hint: hint) { sentence += "; read as \(hint!), but \(missing)" }
        return sentence
    }

    /// "before its first failure, its own task waited on 2 Task.yield() (2 runs); a wake by another task
    /// (1 run)": each failed run's waits in order, the most common list first; without a failed run, each
    /// passed run's up to its result ("until its result, …"); nil when no run kept waits.
    private var waited: String? {
        let failed = runs.filter(\.outcome.isFailure).compactMap(\.waits).map(Self.describe)
        let lists = failed.isEmpty ? runs.filter { $0.outcome == .passed }.compactMap(\.waits).map(Self.describe) : failed
        guard !lists.isEmpty else { return nil }
        let opening =
            failed.isEmpty ? "until its result, its own task waited on " : "before its first failure, its own task waited on "
        let distinct = lists.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let ranked = distinct.enumerated().sorted { first, second in
            let counts = (lists.filter { $0 == first.element }.count, lists.filter { $0 == second.element }.count)
            return counts.0 != counts.1 ? counts.0 > counts.1 : first.offset < second.offset
        }
        return opening
            + ranked.map { item in
                "\(item.element) (\(Formatting.count(lists.filter { $0 == item.element }.count, "run")))"
            }.joined(separator: "; ")
    }

    /// "2 Task.yield(), then a wake by another task": repeats in a row counted once.
    private static func describe(_ waits: [Wait]) -> String {
        guard !waits.isEmpty else { return "nothing the recorder sees" }
        var groups: [(wait: Wait, count: Int)] = []
        for wait in waits {
            if groups.last?.wait == wait { groups[groups.count - 1].count += 1 } else { groups.append((wait, 1)) }
        }
        return groups.map { group in
            switch group.wait {
            case .yield: Formatting.count(group.count, "Task.yield()", "Task.yield()")
            case .sleep: group.count == 1 ? "a sleep" : "\(group.count) sleeps"
            case .resumedByTask: group.count == 1 ? "a wake by another task" : "\(group.count) wakes by other tasks"
            case .taskEnded:
                group.count == 1 ? "the end of a task it awaited" : "the ends of \(group.count) tasks it awaited"
            case .resumedOutside:
                (group.count == 1 ? "a wake" : "\(group.count) wakes")
                    + " from outside Swift's tasks (a callback or a thread)"
            case .resumedByTimer:
                (group.count == 1 ? "a wake" : "\(group.count) wakes")
                    + " by a timer (asyncAfter, a Foundation Timer, or a task just woken from its sleep)"
            }
        }.joined(separator: ", then ")
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
        if failed.of > 0 {
            parts.append("at the failure in \(failed.running) of \(Formatting.count(failed.of, "failed run"))")
        }
        if passed.of > 0 {
            parts.append("at the end in \(passed.running) of \(Formatting.count(passed.of, "passed run"))")
        }
        return parts.isEmpty ? nil : "a task still running " + parts.joined(separator: ", ")
    }

    private func missingWait(hint: String?) -> String? {
        switch hint.flatMap(SynchronisationHint.init(rawValue:)) {
        case .yieldGated where runs.allSatisfy({ $0.yields == 0 }): "no Task.yield() ran"
        case .sleepGated
        where runs.allSatisfy({ $0.sleeps.isEmpty && !($0.waits?.contains(.resumedByTimer) ?? false) }):
            "no sleep or timer ran"
        case .unstructuredTask where runs.allSatisfy({ $0.unstructuredTasks == 0 }):
            "the package's code started no unstructured task"
        default: nil
        }
    }
}
