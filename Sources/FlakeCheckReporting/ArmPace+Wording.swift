import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckSupport

/// An arm's pace as the terminal and the HTML page say it: "busyCPUs 12 of 400 runs in 31.0 s: 23.2 failures
/// a minute (13.3–40.4)".
extension ArmPace {
    package var sentence: String {
        "\(arm) \(failures) of \(Formatting.count(runs, "run")) in \(Formatting.seconds(seconds)): "
            + "\(Self.rate(perMinute)) failure\(perMinute == 1 ? "" : "s") a minute "
            + "(\(Self.rate(lower))–\(Self.rate(upper)))"
    }

    /// Three significant figures at most: a rate per minute is a measurement, not a count.
    static func rate(_ value: Double) -> String {
        switch value {
        case 0: "0"
        case ..<10: Formatting.fixed(value, decimals: 2)
        case ..<100: Formatting.fixed(value, decimals: 1)
        default: Formatting.fixed(value, decimals: 0)
        }
    }
}

extension TestSummary {
    /// `--hunt`: each arm's failures per minute of the time its runs held, fastest first; nil without
    /// measured seconds.
    var armPaceSentence: String? {
        let paces = ArmPace.ranked(learnedArms ?? [])
        return paces.isEmpty ? nil : paces.map(\.sentence).joined(separator: "; ")
    }
}
