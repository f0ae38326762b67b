import FlakeCheckModel
import FlakeCheckSupport

/// The solo re-check's cost in words, printed under the summary line, whose time is the runs' own.
extension RecheckSummary {
    package var sentence: String {
        let bound =
            allowedSeconds.map { seconds in
                limit == "auto" ? ", at most \(Formatting.seconds(seconds)) of the runs' time"
                    : ", at most \(Formatting.seconds(seconds)) (--budget)"
            } ?? ""
        let loaded = loadedRuns > 0 ? " and \(loadedRuns) with the CPUs kept busy" : ""
        return "Re-check after the runs (--recheck \(limit)\(bound)): \(Formatting.count(tests, "test")), "
            + "\(Formatting.count(aloneRuns, "run")) with one worker\(loaded), "
            + "\(Formatting.count(processes, "process", "processes")) in \(Formatting.seconds(seconds))"
            + (stoppedForTime ? "; stopped when its time ran out" : "")
            + ". Each checked test's note says what they showed."
    }
}
