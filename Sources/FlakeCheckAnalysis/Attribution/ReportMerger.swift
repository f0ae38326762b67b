import FlakeCheckModel
import FlakeCheckSupport
import Foundation

/// Combines shard reports (`--shard I/N`) into the report one machine would have written for all the
/// runs: histories are lined up by global run index, durations and failure counts pooled, and every
/// rate, interval, percentile, verdict and the gate recomputed from those, never averaged.
package struct ReportMerger {
    package init() {}

    package func merge(_ reports: [(path: String, report: FlakeReport)]) throws -> FlakeReport {
        guard let (firstPath, first) = reports.first else {
            throw FlakeCheckError.usage("merge needs at least one report.")
        }
        for (path, report) in reports.dropFirst() {
            try Self.checkCompatible(report, path: path, with: first, firstPath: firstPath)
        }
        try Self.checkEveryShard(reports)
        var merged: [StrategyKey: (summary: TestSummary, tally: TestTally)] = [:]
        var order: [StrategyKey] = []
        var evidence: [StrategyKey: [RuntimeEvidence.Run]] = [:]
        for (path, report) in reports {
            for test in report.tests {
                let key = StrategyKey(test.strategy, test.id)
                if let runs = test.runtimeEvidence?.runs { evidence[key, default: []] += runs }
                let tally = try Self.tally(of: test, path: path)
                if let existing = merged[key] {
                    merged[key] = (existing.summary, try Self.combine(existing.tally, tally, id: test.id, path: path))
                } else {
                    merged[key] = (test, tally)
                    order.append(key)
                }
            }
        }
        let confidence = first.configuration.confidence
        let target = first.configuration.targetFailureRate ?? first.tests.first?.proof?.targetFailureRate ?? 0.01
        let runCount = first.configuration.runs
        let runs = reports.flatMap(\.report.runs).sorted {
            ($0.strategy ?? "", $0.index) < ($1.strategy ?? "", $1.index)
        }
        // `--perturb` shards: rates per condition come from every shard's runs, which record what each run
        // had whatever seed drew it.
        let conditions = runs.contains { $0.perturbation != nil } ? ConditionRates.conditionsByStrategy(runs) : nil
        let facts = order.compactMap { key -> TestFacts? in
            guard let (original, tally) = merged[key] else { return nil }
            var padded = tally
            padded.pad(toRuns: runCount)
            var facts = TestFacts(tally: padded)
            facts.displayName = original.displayName
            facts.suiteDisplayName = original.suiteDisplayName
            facts.sourceLocation = original.sourceLocation
            facts.strategy = original.strategy
            facts.hint = original.hint
            facts.hintGate = original.hintGate
            facts.hintReason = original.hintReason
            facts.hintReadBy = original.hintReadBy
            facts.runtimeEvidence = evidence[key].map(RuntimeEvidence.init(runs:))
            // A shard's observation was of its own evidence runs: the code's reading comes back, and what
            // the shards' runs together show decides again.
            if original.hintReadBy == .runtime {
                facts.hint = original.readHint ?? original.hint
                facts.hintReadBy = nil
            }
            facts.adoptObservedHint()
            // The shards applied the same baseline; its state follows the merged verdict, so shards that
            // each passed the gate because of it merge into a report that passes it too.
            facts.baseline = original.baseline.map {
                Baseline.Listing(reason: $0.reason, expires: $0.expires, expired: $0.state == .expired)
            }
            facts.stopDecision = original.stopDecision
            facts.conditions = conditions.map { $0[original.strategy ?? ""] ?? [:] }
            return facts
        }
        var tests = TestSummary.summaries(facts, confidence: confidence, targetFailureRate: target)
        tests.sort { ($0.id, $0.strategy ?? "") < ($1.id, $1.strategy ?? "") }
        var configuration = first.configuration
        configuration.shard = nil
        // The merged report holds every shard's runs of each test.
        configuration.runsHere = configuration.runsAsked
        // The seed is kept only when all shards used the same one.
        let seeds = Set(reports.map(\.report.configuration.perturbSeed))
        configuration.perturbSeed = seeds.count == 1 ? seeds.first ?? nil : nil
        let schedules = Set(reports.map(\.report.configuration.exploreSchedules))
        configuration.exploreSchedules =
            configuration.perturbSeed != nil && schedules.count == 1 ? schedules.first ?? nil : nil
        let shortened = Set(reports.map(\.report.configuration.shortenSleeps))
        configuration.shortenSleeps =
            configuration.perturbSeed != nil && shortened.count == 1 ? shortened.first ?? nil : nil
        let noise = Set(reports.map(\.report.configuration.perturbNoise))
        configuration.perturbNoise = configuration.perturbSeed != nil && noise.count == 1 ? noise.first ?? nil : nil
        let strategies = first.strategies.map { originals in
            originals.map { original in
                StrategySummary(
                    name: original.name, filter: original.filter,
                    tests: tests.filter { $0.strategy == original.name },
                    runCount: runs.filter { $0.strategy == original.name }.count, confidence: confidence,
                    records: runs.filter { $0.strategy == original.name })
            }
        }
        let started = reports.map(\.report.startedAt).min() ?? first.startedAt
        let finished = reports.map(\.report.finishedAt).max() ?? first.finishedAt
        return FlakeReport.assemble(
            command: first.command, tool: first.tool, configuration: configuration, startedAt: started,
            finishedAt: finished, wallSeconds: reports.map(\.report.wallSeconds).max() ?? 0,
            interrupted: reports.contains { $0.report.interrupted }, runs: runs, tests: tests, strategies: strategies,
            sanitizerFindings: configuration.sanitizer.map { _ in
                SanitizerAttribution.merged(reports.map { $0.report.sanitizerFindings ?? [] })
            })
    }

    /// Shard reports merge only as a whole set: each of 1…N exactly once. A shard whose build failed or
    /// whose upload was lost would otherwise vanish, and the merged report would gate on part of the runs.
    static func checkEveryShard(_ reports: [(path: String, report: FlakeReport)]) throws {
        let shards = reports.map { ($0.path, $0.report.configuration.shard) }
        guard let planned = shards.compactMap(\.1).first?.count else { return }
        if let unsharded = shards.first(where: { $0.1 == nil }) {
            throw FlakeCheckError.invalidReport(
                unsharded.0, reason: "it is not a shard (--shard I/N) but the others are")
        }
        var seen: [Int: String] = [:]
        for (path, shard) in shards {
            guard let shard, shard.count == planned else {
                throw FlakeCheckError.invalidReport(
                    path, reason: "it is a shard of \(shard?.count ?? 0), the others of \(planned)")
            }
            if let earlier = seen[shard.index] {
                throw FlakeCheckError.invalidReport(
                    path, reason: "it is shard \(shard.index)/\(planned), like '\(earlier)'")
            }
            seen[shard.index] = path
        }
        let missing = (1...planned).filter { seen[$0] == nil }
        guard missing.isEmpty else { throw FlakeCheckError.missingShards(missing, of: planned) }
    }

    /// Reports merge only when they measured the same thing: same schema, selection, run count and mode.
    static func checkCompatible(_ report: FlakeReport, path: String, with first: FlakeReport, firstPath: String)
        throws
    {
        func refuse(_ what: String) -> FlakeCheckError {
            .invalidReport(path, reason: "its \(what) differs from '\(firstPath)'; only shards of one selection merge")
        }
        guard report.schemaVersion == first.schemaVersion else { throw refuse("schemaVersion") }
        let a = report.configuration
        let b = first.configuration
        guard a.filters == b.filters, a.skips == b.skips else { throw refuse("selection (--filter/--skip)") }
        guard a.runs == b.runs else { throw refuse("--runs") }
        guard a.sanitizer == b.sanitizer else { throw refuse("--sanitize") }
        guard a.mode == b.mode,
            a.packagePath.map(URL.init(fileURLWithPath:))?.lastPathComponent
                == b.packagePath.map(URL.init(fileURLWithPath:))?.lastPathComponent
        else { throw refuse("package or mode") }
        guard report.strategies?.map(\.name) == first.strategies?.map(\.name) else { throw refuse("strategies") }
        guard Set(report.tests.map(\.id)) == Set(first.tests.map(\.id)) else { throw refuse("set of tests") }
    }

    package static func tally(of test: TestSummary, path: String) throws -> TestTally {
        let history = try test.history.map { symbol -> TestOutcome in
            guard let outcome = TestOutcome(symbol: symbol) else {
                throw FlakeCheckError.invalidReport(path, reason: "test \(test.id) has an unreadable history")
            }
            return outcome
        }
        var failures: [FailureRecord: TestTally.FailureTally] = [:]
        for failure in test.failures {
            let key = TestTally.groupingKey(FailureRecord(message: failure.message, location: failure.location))
            var tally = failures[key] ?? TestTally.FailureTally(count: 0, runIndices: [], example: failure.message)
            tally.count += failure.count
            tally.runIndices = Array((tally.runIndices + failure.runIndices).prefix(10))
            failures[key] = tally
        }
        let identity = TestIdentity(
            id: test.id, framework: test.framework, suite: test.suite, name: test.name,
            displayName: test.displayName)
        var tally = TestTally(
            identity: identity, history: history, durations: test.durationSamples,
            failureCounts: failures, otherFailures: test.otherFailures?.count ?? 0)
        tally.skipReason = test.skipReason
        return tally
    }

    /// Lines two shards' tallies up run by run; a run index measured by both is an error.
    package static func combine(_ a: TestTally, _ b: TestTally, id: String, path: String) throws -> TestTally {
        var history = a.history
        if history.count < b.history.count {
            history.append(contentsOf: repeatElement(.notRun, count: b.history.count - history.count))
        }
        for (index, outcome) in b.history.enumerated() where outcome != .notRun {
            guard history[index] == .notRun else {
                throw FlakeCheckError.invalidReport(
                    path,
                    reason: "run \(index + 1) of \(id) is in two reports; were they run with different --shard values?")
            }
            history[index] = outcome
        }
        var failures = a.failureCounts
        for (record, tally) in b.failureCounts {
            var combined = failures[record] ?? TestTally.FailureTally(count: 0, runIndices: [], example: tally.example)
            combined.count += tally.count
            combined.runIndices = Array((combined.runIndices + tally.runIndices).sorted().prefix(10))
            failures[record] = combined
        }
        var merged = TestTally(
            identity: a.identity, history: history, durations: a.durations + b.durations,
            failureCounts: failures, otherFailures: a.otherFailures + b.otherFailures)
        merged.skipReason = b.skipReason ?? a.skipReason
        return merged
    }
}
