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
/// the gate, the process and the record see the same; the solo check reads the record. The draws use the
/// run's own random numbers, but the tallies they read depend on which runs had finished by then (the
/// workers' timing and the races' outcomes), so a seed does not repeat these choices;
/// `runs[].perturbation.alone` records them. Not used in in-process mode, whose batches run many
/// repetitions in one process under one run's conditions.
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
