import Foundation

/// Random draws from the posteriors `--hunt`'s learner samples (`ConditionArms`): Beta through two Gamma
/// draws, from the run's own `SplitMix64`, so a seed repeats its choices.
package enum PosteriorDraw {
    /// A draw from Beta(a, b): X / (X + Y) with X ~ Gamma(a) and Y ~ Gamma(b).
    package static func beta(_ a: Int, _ b: Int, _ random: inout SplitMix64) -> Double {
        let x = gamma(Double(max(1, a)), &random), y = gamma(Double(max(1, b)), &random)
        return x / (x + y)
    }

    /// Gamma(shape) for shape ≥ 1 by Marsaglia and Tsang's method (2000): a few uniforms per draw however
    /// many runs the counts hold, so a session of a million runs costs no more per draw than one of ten.
    package static func gamma(_ shape: Double, _ random: inout SplitMix64) -> Double {
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
    static func normal(_ random: inout SplitMix64) -> Double {
        (-2 * log(uniform(&random))).squareRoot() * cos(2 * Double.pi * uniform(&random))
    }

    /// A uniform in (0, 1]: 53 random bits, never 0, so its logarithm is finite.
    static func uniform(_ random: inout SplitMix64) -> Double {
        (Double(random.next() >> 11) + 1) / 9_007_199_254_740_992
    }
}
