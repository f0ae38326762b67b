import Foundation

/// Which `--perturb` runs run alone (the machine to themselves) and which beside the other workers'
/// runs, learned from each test's own failures as the session goes.
///
/// No fixed share serves every race. Measured on the example (`Scripts/mode-rates.sh`): its races between
/// parallel tests fail most alone (global registry: 63 of 205 runs alone, 12 of 195 beside), while its
/// Swift Testing double yield failed 1 of 151 runs alone and 23 of 149 beside, because it needs another
/// process competing for the CPUs. So each run, once some test has failed, draws for one such test picked
/// at random: alone or beside by Thompson sampling from that test's failures in each (Beta(failures + 1,
/// passes + 1)). A test that fails only one way gets that way in most of the runs drawn for it; tests
/// that want opposite ways share the runs. Before any failure, half the runs are alone.
///
/// Races between parallel tests need more than the machine: in a whole suite's process their two windows
/// rarely meet, since dozens of other tests share the CPUs (the example's global-state races failed in 2%
/// of runs alone with all 50 tests, in 7 to 38% with only the two racing tests in the process). So a run
/// alone also runs up to three pairs apart: two Swift Testing tests of one suite in a process of their own,
/// before the rest of the selection's process. Which tests, and with which partner, is learned the same way
/// from each test's own runs apart. Every test still has one outcome per run.
///
/// A run's choice is drawn once, when it is first asked for (the worker that takes the run), and kept, so
/// the gate, the process and the record see the same; the solo check reads the record. The draws use the
/// run's own random numbers, but the tallies they read depend on which runs had finished by then (the
/// workers' timing and the races' outcomes), so a seed does not repeat these choices;
/// `runs[].perturbation.alone` and `pairsApart` record them. Not used in in-process mode, whose batches run
/// many repetitions in one process under one run's conditions.
public final class AloneShare: @unchecked Sendable, Equatable {
    private let lock = NSLock()
    private var chosen: [Int: Choice] = [:]
    /// Per test: failures and counted runs, alone (in the whole selection's process or in a pair apart)
    /// and beside, and in pairs apart with each partner.
    private var tallies: [String: Tally] = [:]
    /// The selected Swift Testing tests of each suite (per strategy group), and the suites each test is in:
    /// a pair apart joins a test with another of one of its suites (`learnPartners`). Kept per suite, not
    /// per test, so a suite of thousands of tests costs one list, not a list per test.
    private var suiteMembers: [[String]] = []
    private var suitesOf: [String: [Int]] = [:]
    /// The tests with partners, in order: sorted once, not at every draw.
    private var pairable: [String] = []
    /// Tests that were skipped in some run: until one is counted, it is no candidate or partner (a
    /// disabled test has nothing to race with, and would hold a pair's slot for good).
    private var skipped: Set<String> = []

    struct Tally {
        var aloneFailures = 0, aloneRuns = 0, besideFailures = 0, besideRuns = 0
        /// The runs alone in which the test was one of the pair apart, in all and per partner.
        var pairFailures = 0, pairRuns = 0
        var byPartner: [String: (failures: Int, runs: Int)] = [:]
    }

    /// What one run does: alone or beside the other workers' runs, and, alone, the pairs of tests (if any)
    /// that run each in a process of their own.
    struct Choice: Equatable {
        var alone: Bool
        var pairs: [[String]]? = nil
    }

    /// At most this many pairs apart per run alone: each is a process of its own (about 20 ms for two
    /// tests), while the other workers wait for the run alone to end.
    static let maximumPairs = 3

    public init() {}

    /// Which tests a pair apart may join: each Swift Testing test to the other Swift Testing tests of its
    /// own suite in its own strategy group (`groups`: the session's selections), the tests it runs in
    /// parallel with and most likely shares a fixture or global with. XCTest tests run one after another in
    /// their process, so they have no partners.
    public func learnPartners(groups: [[TestIdentity]]) {
        lock.lock()
        defer { lock.unlock() }
        for group in groups {
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

    /// The partners `test` may have in a pair apart now: the other members of its suites, less the tests
    /// only ever skipped.
    private func partners(of test: String) -> [String] {
        let members = (suitesOf[test] ?? []).flatMap { suiteMembers[$0] }
        return Set(members).subtracting([test]).filter(isCandidate).sorted()
    }

    /// Not a test that has only been skipped so far.
    private func isCandidate(_ test: String) -> Bool {
        !skipped.contains(test) || (tallies[test].map { $0.aloneRuns + $0.besideRuns > 0 } ?? false)
    }

    /// Whether run `runIndex` runs alone, and its pairs apart: drawn the first time with `random` (the run's
    /// own numbers, after its other conditions), the same answer every time after.
    ///
    /// A run alone also draws its pairs apart (`pairs(random:)`).
    func choice(run runIndex: Int, random: inout SplitMix64) -> Choice {
        lock.lock()
        defer { lock.unlock() }
        if let known = chosen[runIndex] { return known }
        let even = random.below(2) == 0  // always drawn, so a seed's first choices do not depend on outcomes
        let failing = tallies.filter { $0.value.aloneFailures + $0.value.besideFailures > 0 }.keys.sorted()
        var choice = Choice(alone: even)
        if !failing.isEmpty {
            let tally = tallies[failing[random.below(failing.count)]]!
            let aloneRate = Self.rate(tally.aloneFailures, of: tally.aloneRuns, &random)
            let besideRate = Self.rate(tally.besideFailures, of: tally.besideRuns, &random)
            choice.alone = aloneRate > besideRate
        }
        if choice.alone { choice.pairs = pairs(random: &random) }
        chosen[runIndex] = choice
        return choice
    }

    /// The pairs apart of a run alone, by Thompson sampling over the Swift Testing tests with partners: for
    /// each, a draw of its failure rate apart minus a draw of its rate in the whole selection's process
    /// (its runs alone not apart). The tests with the largest gains run apart, up to `maximumPairs`, each
    /// with the partner whose own draw (that test's failures apart with it) is highest; nil when none gains.
    ///
    /// Any test with partners is a candidate, not only those that failed: a race between two parallel tests
    /// can be too rare to fail even once in a whole suite's process (the example's global closure: none in
    /// 400 runs) and still fail in a tenth of the runs apart with its partner. A test that fails every run
    /// either way gains nothing from its draws and leaves the pairs to others. Several pairs per run, not
    /// the single best: every race that gains apart gets its runs, and the strongest does not take them all.
    private func pairs(random: inout SplitMix64) -> [[String]]? {
        var gains: [(test: String, gain: Double)] = []
        for test in pairable where isCandidate(test) {
            let tally = tallies[test] ?? Tally()
            let apart = Self.rate(tally.pairFailures, of: tally.pairRuns, &random)
            let whole = Self.rate(tally.aloneFailures - tally.pairFailures, of: tally.aloneRuns - tally.pairRuns, &random)
            if apart > whole { gains.append((test, apart - whole)) }
        }
        var picked: [[String]] = []
        var taken: Set<String> = []
        for (test, _) in gains.sorted(by: { $0.gain > $1.gain }) where picked.count < Self.maximumPairs && !taken.contains(test) {
            let tally = tallies[test] ?? Tally()
            // One draw per partner still free, then the highest: each partner's chance follows its own tally.
            let draws = partners(of: test).filter { !taken.contains($0) }.map { candidate in
                let counts = tally.byPartner[candidate] ?? (0, 0)
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
        beta(failures + 1, runs - failures + 1, &random)
    }

    /// Counts a finished run's results under the way it ran: alone or beside, and for the tests of its
    /// pairs apart, apart and with whom.
    public func record(_ results: [String: TestResult], alone: Bool, pairs: [[String]] = []) {
        lock.lock()
        defer { lock.unlock() }
        for (id, result) in results where result.outcome == .skipped { skipped.insert(id) }
        for (id, result) in results where result.outcome.isCounted {
            var tally = tallies[id] ?? Tally()
            let failed = result.outcome.isFailure ? 1 : 0
            if alone {
                tally.aloneRuns += 1
                tally.aloneFailures += failed
            } else {
                tally.besideRuns += 1
                tally.besideFailures += failed
            }
            if let partner = pairs.first(where: { $0.contains(id) })?.first(where: { $0 != id }) {
                tally.pairRuns += 1
                tally.pairFailures += failed
                let before = tally.byPartner[partner] ?? (0, 0)
                tally.byPartner[partner] = (before.failures + failed, before.runs + 1)
            }
            tallies[id] = tally
        }
    }

    /// A draw from Beta(a, b): X / (X + Y) with X ~ Gamma(a) and Y ~ Gamma(b).
    static func beta(_ a: Int, _ b: Int, _ random: inout SplitMix64) -> Double {
        let x = gamma(Double(max(1, a)), &random), y = gamma(Double(max(1, b)), &random)
        return x / (x + y)
    }

    /// Gamma(shape) for shape ≥ 1 by Marsaglia and Tsang's method (2000): a few uniforms per draw however
    /// many runs the counts hold, so a session of a million runs costs no more per draw than one of ten.
    static func gamma(_ shape: Double, _ random: inout SplitMix64) -> Double {
        let d = shape - 1.0 / 3.0, c = 1 / (9 * d).squareRoot()
        while true {
            let x = normal(&random)
            let cubeRoot = 1 + c * x
            guard cubeRoot > 0 else { continue }
            let v = cubeRoot * cubeRoot * cubeRoot
            let u = uniform(&random)
            if u < 1 - 0.0331 * x * x * x * x || log(u) < 0.5 * x * x + d * (1 - v + log(v)) { return d * v }
        }
    }

    /// A standard normal by Box and Muller.
    private static func normal(_ random: inout SplitMix64) -> Double {
        (-2 * log(uniform(&random))).squareRoot() * cos(2 * Double.pi * uniform(&random))
    }

    /// A uniform in (0, 1]: 53 random bits, never 0, so its logarithm is finite.
    private static func uniform(_ random: inout SplitMix64) -> Double {
        (Double(random.next() >> 11) + 1) / 9_007_199_254_740_992
    }

    public static func == (lhs: AloneShare, rhs: AloneShare) -> Bool { lhs === rhs }
}
