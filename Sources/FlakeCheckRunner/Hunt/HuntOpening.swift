import FlakeCheckAnalysis
import FlakeCheckModel

/// The arms a `--hunt` session tries before any selected test has failed, read from the tests' code:
/// each test's lead (its hint, and whether anything in its process can race it from beside it) names the
/// arms that showed its kind of race soonest, and the selection's leads are merged into one list of turns.
struct HuntOpening {
    /// What a test's opening is read from: its hint, and whether anything in its process can race it from
    /// beside it: partners (Swift Testing tests of its suite selected beside it, run in parallel), or state
    /// its code shares with the whole process (its own child tasks on other threads race there too).
    struct Lead: Hashable {
        var hint: SynchronisationHint
        var hasPartners: Bool
        var sharesState: Bool
        /// Its yields poll one object's state before it checks another's (`HintDetector.Reading.pollsAProxy`).
        var pollsAProxy = false
        var racesBeside: Bool { hasPartners || sharesState }
        /// Read gated or without synchronisation, and nothing can race it beside it: of all leads the least
        /// likely to fail (what is left is an order among its own and the product's tasks).
        var isQuiet: Bool {
            !racesBeside && ![.yieldGated, .sleepGated, .unknown, .unstructuredTask].contains(hint)
        }
        var order: String {
            hint.rawValue + (pollsAProxy ? " proxy" : "") + (hasPartners ? " partners" : "")
                + (sharesState ? " shared" : "")
        }
    }

    /// The opening's turns, in order; empty when no lead names an arm the session can make.
    let turns: [ConditionArm]

    /// Each lead's opening is repeated once per test that has it (at most ten times), and the repeated
    /// openings take one turn each in turn until all are used, the lead most tests have first (on a tie,
    /// one that can race beside it); an arm an opening names twice keeps both turns. Quiet leads open only
    /// a selection that has nothing else: beside a hazard or a test that can be raced beside it, their
    /// schedules took turns from the likelier race (the example's global closure selected with its XCTest
    /// twins, which run one at a time: 10.5 runs to its first failure against 5 with every run alone).
    /// `available`: the arms the session can make; `canPair`: whether the selection has a pair to run apart.
    init(leads: [Lead], available: Set<ConditionArm>, canPair: Bool) {
        var votes: [Lead: Int] = [:]
        let likelier = leads.filter { !$0.isQuiet }
        for lead in likelier.isEmpty ? leads : likelier { votes[lead, default: 0] += 1 }
        let ordered = votes.keys.sorted {
            (votes[$0]!, $0.racesBeside ? 1 : 0, $1.order) > (votes[$1]!, $1.racesBeside ? 1 : 0, $0.order)
        }
        let openings = ordered.map { lead in
            let arms = Self.arms(for: lead, available: available, canPair: canPair)
            return Array(repeating: arms, count: min(votes[lead]!, 10)).flatMap { $0 }
        }
        var merged: [ConditionArm] = []
        var positions = Array(repeating: 0, count: openings.count)
        let total = openings.reduce(0) { $0 + $1.count }
        while merged.count < total {
            for (which, arms) in openings.enumerated() where positions[which] < arms.count {
                merged.append(arms[positions[which]])
                positions[which] += 1
            }
        }
        // `--shorten-sleeps` says the user suspects a sleep: short sleeps take every other opening turn,
        // whatever the hints read (a sleep beside a gate reads `unknown`, or is missed). Where the hints
        // open with them too, they take the first five: a run that waits its sleeps out costs many short
        // ones (FlyingFox's `cancels_After_Created()`, a 100 ms sleep read `unknown`: 5 runs, 0.125 s to the
        // first failure under `--arms shortSleeps` against 8 runs, 0.400 s when they took every other turn).
        if available.contains(.shortSleeps) {
            let others = merged.filter { $0 != .shortSleeps }
            // Four here, and the first of the interleaving below makes five.
            let first: [ConditionArm] =
                merged.first == .shortSleeps && !others.isEmpty ? Array(repeating: .shortSleeps, count: 4) : []
            merged = others.isEmpty ? [.shortSleeps] : first + others.flatMap { [ConditionArm.shortSleeps, $0] }
        }
        turns = merged
    }

    /// The arms that showed a lead's kind of race soonest in seconds, read from each arm's rate and run
    /// length on every race of the examples (Benchmarks.md, "The hunt's opening, measured"). With several
    /// workers the first two turns run side by side, and the first failure usually comes in them, so they
    /// hold the arm the kind's races showed soonest, twice: the best single mode's own first runs. A yield
    /// opens with ordered schedules four times (27 and 11 of 40 runs on the single and double yield, release
    /// build, 2026-11-28, where no arm failed more), then slow tasks, schedules, delayed jobs and a run alone
    /// (the mock count a `Task {}` bumps reads yield-gated and failed under slow tasks and delayed jobs, 9 and
    /// 8 of 40, never under schedules). An unawaited `Task {}` opens with two plain runs (37 of 40 runs on
    /// the fire and forget tracker at 14 ms a run, against 40 at 18 ms under schedules), then schedules,
    /// slow tasks, delayed jobs and schedules again.
    /// Yields that poll one object before a check of another's (that hand-off, the view model's): runs alone
    /// three turns in five (30 of 40 runs failed alone, 10 plain, 5 to 9 delayed, none under schedules).
    /// A sleep gate: short sleeps where asked, then slow tasks; `unknown` (an own sleep or yield beside a
    /// gate) the arms of both.
    /// A test read gated or without synchronisation that something can race beside it (partners, or
    /// shared state): the race is most likely there, so runs alone take three turns in five and pairs apart
    /// two (on the example's four global races runs alone failed 15 to 30 of 40 runs and pairs apart 20 to
    /// 32, every other arm 0 to 8; with no pair to run apart, every turn is a run alone). Such a test
    /// that nothing can race beside it: what is left is an order among its own and the product's tasks,
    /// which ordered schedules showed (slow tasks the third turn in four: 7 of 40 runs each on the thumbnail,
    /// release build, 2026-11-28) and runs alone never did. Only the arms
    /// the session can make; with one worker, plain runs are the runs alone.
    static func arms(for lead: Lead, available: Set<ConditionArm>, canPair: Bool) -> [ConditionArm] {
        let wanted: [ConditionArm]
        switch lead.hint {
        case .yieldGated where lead.pollsAProxy: wanted = [.alone, .alone, .delayedJobs, .alone, .slowTasks]
        case .yieldGated:
            wanted = [.schedules, .schedules, .schedules, .schedules, .slowTasks, .schedules, .delayedJobs, .alone]
        case .sleepGated: wanted = [.shortSleeps, .slowTasks, .alone, .delayedJobs]
        case .unknown: wanted = [.shortSleeps, .slowTasks, .schedules, .alone]
        case .unstructuredTask: wanted = [.plain, .plain, .schedules, .slowTasks, .delayedJobs, .schedules]
        case _ where lead.racesBeside: wanted = [.alone, .pairsApart, .alone, .pairsApart, .alone]
        default: wanted = [.schedules, .schedules, .slowTasks, .schedules]
        }
        // With one worker every run is alone: plain runs stand in for runs alone and pairs apart.
        let standIn: [ConditionArm] = wanted.map {
            [.alone, .pairsApart].contains($0) && !available.contains(.alone) ? .plain : $0
        }
        return standIn.filter { arm in available.contains(arm) && (arm != .pairsApart || canPair) }
    }
}
