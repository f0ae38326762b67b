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
/// A run's choice is drawn once, when it is first asked for (the worker that takes the run), and kept, so
/// the executor, the record and the solo check all see the same. The draws use the run's own random
/// numbers, so the same seed and the same outcomes give the same choices; different outcomes (a race
/// that failed elsewhere this time) give different ones, which `runs[].perturbation.alone` records.
public final class AloneShare: @unchecked Sendable, Equatable {
    private let lock = NSLock()
    private var chosen: [Int: Bool] = [:]
    /// Per test: failures and counted runs, alone and beside.
    private var tallies: [String: Tally] = [:]

    struct Tally {
        var aloneFailures = 0, aloneRuns = 0, besideFailures = 0, besideRuns = 0
    }

    public init() {}

    /// Whether run `runIndex` runs alone: drawn the first time with `random` (the run's own numbers, after
    /// its other conditions), the same answer every time after.
    func isAlone(run runIndex: Int, random: inout SplitMix64) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let known = chosen[runIndex] { return known }
        let even = random.below(2) == 0  // always drawn, so a seed's first choices do not depend on outcomes
        let failing = tallies.filter { $0.value.aloneFailures + $0.value.besideFailures > 0 }.keys.sorted()
        let alone: Bool
        if failing.isEmpty {
            alone = even
        } else {
            let tally = tallies[failing[random.below(failing.count)]]!
            let aloneRate = Self.beta(tally.aloneFailures + 1, tally.aloneRuns - tally.aloneFailures + 1, &random)
            let besideRate = Self.beta(tally.besideFailures + 1, tally.besideRuns - tally.besideFailures + 1, &random)
            alone = aloneRate > besideRate
        }
        chosen[runIndex] = alone
        return alone
    }

    /// Counts a finished run's results under the way it ran.
    public func record(_ results: [String: TestResult], alone: Bool) {
        lock.lock()
        defer { lock.unlock() }
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
            tallies[id] = tally
        }
    }

    /// A draw from Beta(a, b) for whole a and b: X / (X + Y) with X ~ Gamma(a) and Y ~ Gamma(b), each a sum
    /// of exponentials (a and b are counts of runs, so a few thousand at most).
    static func beta(_ a: Int, _ b: Int, _ random: inout SplitMix64) -> Double {
        let x = gamma(a, &random), y = gamma(b, &random)
        return x / (x + y)
    }

    private static func gamma(_ shape: Int, _ random: inout SplitMix64) -> Double {
        var sum = 0.0
        for _ in 0..<max(1, shape) {
            // A uniform in (0, 1]: 53 random bits, never 0, so the logarithm is finite.
            let uniform = (Double(random.next() >> 11) + 1) / 9_007_199_254_740_992
            sum -= log(uniform)
        }
        return sum
    }

    public static func == (lhs: AloneShare, rhs: AloneShare) -> Bool { lhs === rhs }
}
