import FlakeCheckAnalysis
import FlakeCheckModel
import Foundation

/// Which arm (`ConditionArm`) each `--hunt` run is made under, learned from each test's own failures per
/// arm as the session goes: Thompson sampling on Beta(failures + 1, passes + 1) posteriors of each arm's
/// failure rate per run, divided by what a run of that arm costs in worker-slot seconds (`Cost`): a user
/// waits in seconds, and a run alone or beside busy CPUs holds every slot (a run alone beside flakecheck's
/// busy threads cost 2.4 plain runs of wall time, and the hunt found a race half as often per minute as
/// plain runs while it found it more often per run).
///
/// No fixed mix of conditions serves every race. Delays make a yield or sleep race fail 10 to 100 times as
/// often and hide a race whose test waits longer under them than the window it races; runs alone show
/// races between parallel tests and hide a race that needs another process on the CPUs (both measured:
/// Benchmarks.md, "Measurements behind the code"). So each run draws for one test: before any test fails,
/// the arms the selected tests' hints point to take the first turns (`follow(hints:)`), then four turns in
/// five, the families the fifth, in an order drawn from the seed (the first failure comes from whichever
/// shows the race); once tests have failed,
/// a failing test is picked at random and its own posteriors pick a family, then an arm within it, so a
/// condition that suppresses its race loses its runs to the one that shows it. Plain is always an arm, so
/// the hunt keeps the plain rate where nothing beats it. While some selected test has never failed, one
/// run in four still explores, for that test, through the same turns. Thompson sampling keeps drawing
/// every arm now and then (less as its posterior narrows), so every arm's rate in the report has an interval.
///
/// A pairs-apart run is a run alone that also runs up to three pairs of a suite's Swift Testing tests each
/// in a process of their own: in a whole suite's process two racing tests' windows rarely meet (the
/// example's global-state races: 2% of runs alone with all 50 tests, 7 to 38% with only the two). Which
/// pairs is learned from each test's runs apart against its runs alone in the whole process.
///
/// A session draws each run's conditions once, when the run loop takes the run (`RunConditions`), and the
/// run's gate, processes and record read that value; a choice asked for again is the one kept. The draws use the run's own random numbers, but the
/// tallies depend on which runs had finished by then, so a seed repeats these choices only while the
/// outcomes are the same; `runs[].perturbation.arm` records each, and `--replay … --run K` repeats it.
package final class ConditionArms: @unchecked Sendable, Equatable {
    private let lock = NSLock()
    private let families: [ConditionArm.Family]
    private let arms: Set<ConditionArm>
    private var chosen: [Int: Choice] = [:]
    private var tallies: [String: [ConditionArm: Tally]] = [:]
    /// Per test, runs apart with each partner.
    private var byPartner: [String: [String: Tally]] = [:]
    /// Every selected test, and those that have failed.
    private var selected: Set<String> = []
    private var failing: Set<String> = []
    /// The selected Swift Testing tests of each suite (per strategy group), and the suites each test is in:
    /// a pair apart joins a test with another of one of its suites. Kept per suite, not per test, so a
    /// suite of thousands of tests costs one list, not a list per test.
    private var suiteMembers: [[String]] = []
    private var suitesOf: [String: [Int]] = [:]
    private var pairable: [String] = []
    /// Tests that were skipped in some run: until one is counted, it is no candidate or partner.
    private var skipped: Set<String> = []
    /// The arms the selected tests' hints open with (`HuntOpening`): before any failure they take the first
    /// turns, then four turns in five.
    private var opening: [ConditionArm] = []
    /// Exploring turns taken since the first failure: they go on through the same turns.
    private var explored = 0
    /// What each arm's runs cost so far, in worker-slot seconds, over every test.
    private var costs: [ConditionArm: Cost] = [:]
    /// The session's workers: the slots a run alone, or one beside busy CPUs, holds.
    private var workerSlots = 1

    /// Worker-slot seconds an arm's runs took, and how many runs: its mean cost per run.
    package struct Cost: Equatable {
        package var seconds = 0.0, runs = 0
        package var perRun: Double? { runs > 0 ? seconds / Double(runs) : nil }
    }

    package struct Tally: Equatable {
        package var failures = 0, runs = 0
        /// Worker-slot seconds of those runs, where known.
        package var seconds = 0.0
        package static func + (lhs: Tally, rhs: Tally) -> Tally {
            Tally(failures: lhs.failures + rhs.failures, runs: lhs.runs + rhs.runs, seconds: lhs.seconds + rhs.seconds)
        }
    }

    /// What one run does: its arm, and for a pairs-apart run the pairs of tests that run each in a
    /// process of their own.
    struct Choice: Equatable {
        var arm: ConditionArm
        var pairs: [[String]]? = nil
    }

    /// At most this many pairs apart per run: each is a process of its own (about 20 ms for two tests),
    /// while the other workers wait for the run alone to end.
    package static let maximumPairs = 3

    /// `arms`: those this session can make (the hook library's need it, alone and pairs need several
    /// workers, short sleeps and noise need their flags; `available` gives them all, plain among them), or
    /// those `--arms` chose of them. `seed` orders the families' first turns.
    package init(arms: Set<ConditionArm>, seed: UInt64) {
        var available: Set<ConditionArm> = arms.isEmpty ? [.plain] : arms
        // A pairs-apart run without a pair is a run alone, so its family always has an arm to draw.
        if available.contains(.pairsApart) { available.insert(.alone) }
        self.arms = available
        var random = SplitMix64(seed: seed ^ 0xA5A5_5A5A_C3C3_3C3C)
        var families = ConditionArm.Family.allCases.filter { family in family.arms.contains(where: available.contains) }
        for index in families.indices.reversed() { families.swapAt(index, random.below(index + 1)) }
        self.families = families
    }

    /// Whether runs can go alone: the session has several workers.
    var hasSeveralWorkers: Bool { arms.contains(.alone) }

    /// The session's workers, for the slots a run alone or beside busy CPUs holds.
    package func useWorkers(_ workers: Int) {
        lock.lock()
        workerSlots = max(1, workers)
        lock.unlock()
    }

    /// The slots a run under `arm` holds: every worker's for a run alone (the others wait) and for one
    /// beside flakecheck's busy threads (they take every CPU), one otherwise.
    func slots(_ arm: ConditionArm) -> Int {
        arm.definition.holdsEveryWorker ? workerSlots : 1
    }

    /// A run's mean cost under `arm`, in slot-seconds: measured, or before its first run the mean of the
    /// arms measured so far times its slots (a plain run's cost is the unit until anything is measured).
    private func cost(of arm: ConditionArm) -> Double {
        if let measured = costs[arm]?.perRun, measured > 0 { return measured }
        let known = costs.values.compactMap(\.perRun).filter { $0 > 0 }
        let base = known.isEmpty ? 1 : known.reduce(0, +) / Double(known.count)
        return base * Double(slots(arm))
    }

    /// The arms a session can make: those whose row's `needs` (`ConditionArm.definition`) this session has.
    /// Plain needs nothing; delays and schedules the hook library; one CPU pinned CPUs, more than one; alone
    /// and pairs apart several workers (with one, every run is alone anyway); busy CPUs a process per run
    /// (not in-process batches).
    package static func available(
        hookLibrary: Bool, pinsCPUs: Bool, cpus: Int, workers: Int, shortenSleeps: Bool,
        noise: Bool, busyCPUs: Bool = true
    ) -> Set<ConditionArm> {
        var capabilities: ArmDefinition.Needs = []
        if hookLibrary { capabilities.insert(.hookLibrary) }
        if pinsCPUs, cpus > 1 { capabilities.insert(.pinnedCPUs) }
        if workers > 1 { capabilities.insert(.severalWorkers) }
        if busyCPUs { capabilities.insert(.ownProcess) }
        if shortenSleeps { capabilities.insert(.shortenSleeps) }
        if noise { capabilities.insert(.noise) }
        return Set(ConditionArm.available(with: capabilities))
    }

    /// The session's selections: which tests there are, and which a pair apart may join (each Swift Testing
    /// test to the others of its own suite in its own strategy group; XCTest tests run one after another in
    /// their process, so they have no partners).
    package func learn(groups: [[TestIdentity]]) {
        lock.lock()
        defer { lock.unlock() }
        for group in groups {
            selected.formUnion(group.map(\.id))
            let bySuite = Dictionary(grouping: group.filter { $0.framework == .swiftTesting }, by: \.suite)
            for suite in bySuite.keys.sorted() {
                let ids = Set(bySuite[suite]!.map(\.id)).sorted()
                guard ids.count > 1 else { continue }
                suiteMembers.append(ids)
                for id in ids { suitesOf[id, default: []].append(suiteMembers.count - 1) }
            }
        }
        pairable = suitesOf.keys.sorted()
    }

    /// What the selected tests' code suggests, read before the first run (`HuntOpening`): each test's
    /// hint, whether it has partners in its suite, and whether its code reaches state the whole process
    /// shares (`sharingState`), and whether its yields poll a proxy (`pollingAProxy`). Before any failure, the
    /// first turns go through the opening, then four turns in five.
    package func follow(
        hints: [String: SynchronisationHint], sharingState: Set<String> = [], pollingAProxy: Set<String> = []
    ) {
        lock.lock()
        defer { lock.unlock() }
        let leads = hints.map { id, hint in
            HuntOpening.Lead(
                hint: hint, hasPartners: suitesOf[id] != nil, sharesState: sharingState.contains(id),
                pollsAProxy: pollingAProxy.contains(id))
        }
        opening = HuntOpening(leads: leads, available: arms, canPair: !pairable.isEmpty).turns
    }

    /// The `turn`-th run before any failure (and the `turn`-th exploring one after): the opening's turns
    /// first, in order, then four turns in five through the opening again and the fifth round the families
    /// in the seed's order, each family through its arms in turn, so every arm is tried and has a rate.
    /// Without an opening, every turn goes round the families. The opening plays through once before any
    /// turn goes round: its first turns are the arm its kind of race showed soonest, and a turn taken from
    /// them delays the first failure where that arm is the race's best (the double yield: 2.5 runs against
    /// 2 under ordered schedules alone, 40 trials, 2026-11-28).
    private func firstTurn(_ turn: Int) -> ConditionArm {
        let round: Int
        let later = turn - opening.count
        if opening.isEmpty {
            round = turn
        } else if later < 0 {
            return opening[turn]
        } else if later % 5 != 4 {
            return opening[(later - later / 5) % opening.count]
        } else {
            round = later / 5
        }
        // A run alone holds pairs apart where it can (for every test not in a pair it is a run alone all the
        // same), and ordered schedules come before one CPU: they showed more races.
        let members = members(of: families[round % families.count], for: nil)
            .sorted { Self.firstTried.firstIndex(of: $0) ?? .max < Self.firstTried.firstIndex(of: $1) ?? .max }
        return members[(round / families.count) % members.count]
    }

    private static let firstTried: [ConditionArm] = [.pairsApart, .schedules]

    /// `--learn-from`: each test's tallies per arm from an earlier `--hunt` report: what its learner knew at
    /// the end (`learnedArms`, by arm name), or, in a report without them, its own rates (`conditionRates`,
    /// by `ConditionArm.label`, where runs alone include the pairs-apart runs', so those are taken out).
    /// Tests not in this session are kept, and handed on, but never drawn for.
    package func start(from tests: [TestSummary]) {
        lock.lock()
        defer { lock.unlock() }
        for test in tests {
            var tally: [ConditionArm: Tally] = [:]
            if let learned = test.learnedArms {
                for rate in learned {
                    if let arm = ConditionArm(rawValue: rate.condition) {
                        tally[arm] = Tally(
                            failures: rate.counted - rate.passed, runs: rate.counted, seconds: rate.seconds ?? 0)
                        // What the earlier session paid for the arm is where this one's costs start.
                        if let seconds = rate.seconds, rate.counted > 0, costs[arm] == nil {
                            costs[arm] = Cost(seconds: seconds, runs: rate.counted)
                        }
                    }
                }
            } else {
                for rate in test.conditionRates ?? [] {
                    if let arm = ConditionArm(label: rate.condition) {
                        tally[arm] = Tally(failures: rate.counted - rate.passed, runs: rate.counted)
                    }
                }
                if let apart = tally[.pairsApart], let alone = tally[.alone] {
                    tally[.alone] = Tally(failures: alone.failures - apart.failures, runs: alone.runs - apart.runs)
                }
            }
            tallies[test.id] = tally
            if tally.values.contains(where: { $0.failures > 0 }) { failing.insert(test.id) }
        }
    }

    /// What the learner knows of `id` now, per arm (`TestSummary.learnedArms`); nil when nothing.
    package func learned(_ id: String) -> [ConditionRate]? {
        lock.lock()
        defer { lock.unlock() }
        guard let tally = tallies[id], !tally.isEmpty else { return nil }
        return ConditionArm.allCases.compactMap { arm in
            tally[arm].map {
                ConditionRate(
                    condition: arm.rawValue, passed: $0.runs - $0.failures, counted: $0.runs,
                    seconds: $0.seconds > 0 ? $0.seconds : nil)
            }
        }
    }

    /// Run `runIndex`'s arm (and pairs): drawn the first time with `random` (the run's own numbers), the
    /// same answer every time after.
    func choice(run runIndex: Int, random: inout SplitMix64) -> Choice {
        lock.lock()
        defer { lock.unlock() }
        if let known = chosen[runIndex] { return known }
        let explores = random.below(4) == 0  // always drawn, so a seed's first choices do not depend on outcomes
        let neverFailed = selected.subtracting(failing).contains { isCandidate($0) }
        var choice: Choice
        var focus: String?
        if failing.isDisjoint(with: selected) {
            choice = Choice(arm: firstTurn(runIndex))
        } else if explores, neverFailed {
            choice = Choice(arm: firstTurn(explored))
            explored += 1
        } else {
            let ordered = failing.intersection(selected).sorted()
            let test = ordered[random.below(ordered.count)]
            focus = test
            let tally = tallies[test] ?? [:]
            let draws = families.map { draw($0, for: test, tally, &random) }
            let family = families[draws.indices.max { draws[$0] < draws[$1] }!]
            choice = Choice(arm: pickWithin(family, for: test, tally: tally, &random))
        }
        if choice.arm == .pairsApart {
            // A turn that was not drawn for a test leads with one of the tests that can pair, so it has a pair.
            let candidates = pairable.filter { isCandidate($0) && !partners(of: $0).isEmpty }
            let first = focus ?? (candidates.isEmpty ? nil : candidates[random.below(candidates.count)])
            choice.pairs = pairs(first: first, random: &random)
            if choice.pairs == nil { choice.arm = .alone }
        }
        chosen[runIndex] = choice
        return choice
    }

    /// A draw of the family's failure rate for a test, from its runs pooled over the family's arms.
    private func draw(
        _ family: ConditionArm.Family, for test: String, _ tally: [ConditionArm: Tally],
        _ random: inout SplitMix64
    ) -> Double {
        let members = members(of: family, for: test)
        let pooled = members.reduce(Tally()) { $0 + (tally[$1] ?? Tally()) }
        // Failures per slot-second: the family's rate per run over its members' mean cost, weighted by runs.
        let runs = members.map { Double(tally[$0]?.runs ?? 0) }
        let weights = runs.reduce(0, +) > 0 ? runs : members.map { _ in 1 }
        let meanCost =
            zip(members, weights).reduce(0) { $0 + cost(of: $1.0) * $1.1 } / max(weights.reduce(0, +), 1)
        return Self.rate(pooled.failures, of: pooled.runs, &random) / meanCost
    }

    /// The family's arms this session can make for `test` (all of them for nil): pairs apart only with a
    /// partner to pair with.
    private func members(of family: ConditionArm.Family, for test: String?) -> [ConditionArm] {
        family.arms.filter { arm in
            arms.contains(arm) && (arm != .pairsApart || (test.map { !partners(of: $0).isEmpty } ?? !pairable.isEmpty))
        }
    }

    /// The arm within `family` by the test's own draws.
    private func pickWithin(
        _ family: ConditionArm.Family, for test: String, tally: [ConditionArm: Tally],
        _ random: inout SplitMix64
    ) -> ConditionArm {
        let members = members(of: family, for: test)
        guard members.count > 1 else { return members[0] }
        let draws = members.map { arm in
            let counts = tally[arm] ?? Tally()
            return Self.rate(counts.failures, of: counts.runs, &random) / cost(of: arm)
        }
        return members[draws.indices.max { draws[$0] < draws[$1] }!]
    }

    /// The partners `test` may have in a pair apart now: the other members of its suites, less the tests
    /// only ever skipped.
    private func partners(of test: String) -> [String] {
        let members = (suitesOf[test] ?? []).flatMap { suiteMembers[$0] }
        return Set(members).subtracting([test]).filter(isCandidate).sorted()
    }

    /// Not a test that has only been skipped so far.
    private func isCandidate(_ test: String) -> Bool {
        !skipped.contains(test) || (tallies[test].map { !$0.isEmpty } ?? false)
    }

    /// The pairs apart of a run, by Thompson sampling over the Swift Testing tests with partners: `first`
    /// (the test the run was drawn for) leads when it has partners; the others by a draw of their failure
    /// rate apart minus one of their rate alone in the whole process, largest gains first, up to
    /// `maximumPairs`, each with the partner whose own draw (that test's failures apart with it) is highest.
    /// Any test with partners is a candidate, not only those that failed: a race between two parallel tests
    /// can be too rare to fail even once in a whole suite's process and still fail in a tenth of the runs
    /// apart with its partner.
    private func pairs(first: String?, random: inout SplitMix64) -> [[String]]? {
        var gains: [(test: String, gain: Double)] = []
        for test in pairable where isCandidate(test) {
            let tally = tallies[test] ?? [:]
            let apart = tally[.pairsApart] ?? Tally(), whole = tally[.alone] ?? Tally()
            let gain =
                Self.rate(apart.failures, of: apart.runs, &random) - Self.rate(whole.failures, of: whole.runs, &random)
            if test == first { gains.append((test, .infinity)) } else if gain > 0 { gains.append((test, gain)) }
        }
        var picked: [[String]] = []
        var taken: Set<String> = []
        for (test, _) in gains.sorted(by: { $0.gain > $1.gain })
        where picked.count < Self.maximumPairs && !taken.contains(test) {
            let draws = partners(of: test).filter { !taken.contains($0) }.map { candidate in
                let counts = byPartner[test]?[candidate] ?? Tally()
                return (candidate, Self.rate(counts.failures, of: counts.runs, &random))
            }
            guard let partner = draws.max(by: { $0.1 < $1.1 })?.0 else { continue }
            picked.append([test, partner].sorted())
            taken.formUnion([test, partner])
        }
        return picked.isEmpty ? nil : picked
    }

    /// A draw of a failure rate from `failures` of `runs` (Beta(failures + 1, passes + 1)).
    private static func rate(_ failures: Int, of runs: Int, _ random: inout SplitMix64) -> Double {
        PosteriorDraw.beta(failures + 1, runs - failures + 1, &random)
    }

    /// Counts a finished run's results under its arm, and its wall time (`seconds`) as the arm's cost. In a
    /// pairs-apart run, a pair's tests count under pairs apart (and with whom), the others under alone:
    /// they ran in the whole process, alone.
    package func record(_ results: [String: TestResult], conditions: PerturbationConditions, seconds: Double? = nil) {
        guard let arm = conditions.arm else { return }
        lock.lock()
        defer { lock.unlock() }
        if let seconds, seconds > 0 {
            costs[arm, default: Cost()].seconds += seconds * Double(slots(arm))
            costs[arm, default: Cost()].runs += 1
        }
        for (id, result) in results where result.outcome == .skipped { skipped.insert(id) }
        for (id, result) in results where result.outcome.isCounted {
            selected.insert(id)
            let failed = result.outcome.isFailure ? 1 : 0
            if failed == 1 { failing.insert(id) }
            let partner = conditions.partner(of: id)
            let counted = arm == .pairsApart && partner == nil ? ConditionArm.alone : arm
            let paid = (seconds ?? 0) * Double(slots(arm))
            tallies[id, default: [:]][counted, default: Tally()] =
                (tallies[id]?[counted] ?? Tally()) + Tally(failures: failed, runs: 1, seconds: paid)
            if let partner {
                byPartner[id, default: [:]][partner] =
                    (byPartner[id]?[partner] ?? Tally()) + Tally(failures: failed, runs: 1)
            }
        }
    }

    package static func == (lhs: ConditionArms, rhs: ConditionArms) -> Bool { lhs === rhs }
}
