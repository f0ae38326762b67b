import FlakeCheckAnalysis
import FlakeCheckModel
import Foundation

/// The session's last stages: what the runs left, each test's facts, and the report made from them.
extension SessionRunner {
    /// What the runs left once they were over: their records in report order, when they ended, and
    /// whether Ctrl-C cut them short (a Ctrl-C during the checks after them stops the checks, not the runs).
    package struct MeasuredRuns {
        package var collector: RunCollector
        package var records: [RunRecord]
        package var finished: Date
        package var interrupted: Bool

        init(collector: RunCollector, finished: Date, interrupted: Bool) {
            self.collector = collector
            records = collector.records.sorted { ($0.strategy ?? "", $0.index) < ($1.strategy ?? "", $1.index) }
            self.finished = finished
            self.interrupted = interrupted
        }
    }

    /// Each selected test's facts from the runs and what the session knows besides: its declaration, its
    /// strategy, its hint, why it stopped, its runs' conditions and its baseline entry. In report order.
    func gatherFacts(
        groups: [RunGroup], measured: MeasuredRuns, catalog: TestCatalog, scheduler: RunScheduler,
        hints: HintDetector
    ) -> [TestFacts] {
        let listings = plan.baseline?.listings(today: measured.finished) ?? [:]
        // Under one replayed run's conditions no condition can stand out.
        let conditions =
            plan.perturbation != nil && plan.replayed == nil
            ? ConditionRates.conditionsByStrategy(measured.records) : nil
        var facts: [TestFacts] = []
        for (index, group) in groups.enumerated() {
            for var test in measured.collector.facts(group: index) {
                let identity = catalog[test.id]
                test.describe(identity)
                test.strategy = group.strategy
                let reading = identity.flatMap { hints.reading(for: $0) }
                test.hint = reading?.hint.rawValue
                test.hintGate = reading?.gate
                test.hintReason = reading?.reason
                test.hintReadBy = reading.map { $0.fromIndex ? .index : .name }
                test.stopDecision = scheduler.stopDecision(group: index, id: test.id)
                test.conditions = conditions.map { $0[group.strategy ?? ""] ?? [:] }
                test.baseline = listings[test.id]
                facts.append(test)
            }
        }
        facts.sort { ($0.id, $0.strategy ?? "") < ($1.id, $1.strategy ?? "") }
        return facts
    }

    /// Every test's summary, made once from its facts, each strategy's, and the report around them.
    func assembleReport(
        command: String, groups: [RunGroup], facts: [TestFacts], measured: MeasuredRuns, started: Date,
        toolchain: String?, findings: [SanitizerFinding]?, learner: ConditionArms?
    ) -> FlakeReport {
        var tests = TestSummary.summaries(
            facts, confidence: plan.gate.confidence, targetFailureRate: plan.gate.targetFailureRate)
        if let arms = learner {
            for index in tests.indices { tests[index].learnedArms = arms.learned(tests[index].id) }
        }
        Self.markFirstFailures(&tests, facts: facts, records: measured.records)
        let strategies = groups.compactMap { group in
            group.strategy.map { name in
                let records = measured.records.filter { $0.strategy == name }
                return StrategySummary(
                    name: name, filter: group.filters.joined(separator: "|"),
                    tests: tests.filter { $0.strategy == name }, runCount: records.count,
                    confidence: plan.gate.confidence, records: records)
            }
        }
        let configuration = plan.reportConfiguration(toolchain: toolchain, notes: Self.notes(plan, tests: tests))
        return FlakeReport.assemble(
            command: command, configuration: configuration, started: started,
            // A Ctrl-C during the checks after the runs (solo, evidence, sanitizer) interrupted the session too.
            finished: measured.finished, interrupted: measured.interrupted || context.cancellation.isCancelled,
            runs: measured.records,
            tests: tests, strategies: strategies, sanitizerFindings: findings)
    }

    /// What the report's `configuration.notes` must say for the numbers to be read right.
    package static func notes(_ plan: RunPlan, tests: [TestSummary]) -> [ConfigurationNote]? {
        let parallel = tests.lazy.filter { $0.framework == .swiftTesting }.prefix(2).count == 2
        let notes: [ConfigurationNote] =
            (plan.run.mode == .inProcess ? [.inProcessRepetitions] : [])
            + (plan.run.sanitizer != nil && plan.sanitizerSupportLibrary == nil ? [.sanitizerCannotSeeMutex] : [])
            + (parallel ? [.parallelDurations] : [])
            + (tests.contains { $0.hintReadBy == .name } ? [.hintsReadByName] : [])
        return notes.isEmpty ? nil : notes
    }

    /// Each test's first failure in time, in seconds from the session's first run to the end of the failing
    /// run that ended first, with that run and the arm it ran under: the time a user waited for the failure.
    /// With several workers that run need not have the lowest number: a later run beside it can end sooner.
    package static func markFirstFailures(_ tests: inout [TestSummary], facts: [TestFacts], records: [RunRecord]) {
        let firstStart = records.compactMap(\.startSeconds).min() ?? 0
        var byKey: [RunRecord.Key: RunRecord] = [:]
        for record in records where byKey[record.key] == nil { byKey[record.key] = record }
        var firstFailing: [StrategyKey: (end: Double, record: RunRecord)] = [:]
        for fact in facts {
            for run in fact.failingRuns {
                guard let record = byKey[RunRecord.Key(strategy: fact.strategy, index: run)],
                    let end = record.endSeconds
                else { continue }
                let key = StrategyKey(fact.strategy, fact.id)
                if let known = firstFailing[key], (known.end, known.record.index) <= (end, run) { continue }
                firstFailing[key] = (end, record)
            }
        }
        for index in tests.indices {
            guard let first = firstFailing[StrategyKey(tests[index].strategy, tests[index].id)] else { continue }
            tests[index].firstFailure = FirstFailure(
                run: first.record.index + 1, seconds: first.end - firstStart,
                arm: first.record.perturbation?.arm?.label)
        }
    }
}
