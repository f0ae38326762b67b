import FlakeCheckModel
import FlakeCheckSupport

/// What the solo checks of a test whose failures all overlapped another worker's run showed, in words.
extension WorkerOverlapNote {
    package var message: String {
        if let worded { return worded }
        let shown =
            "failed only while another worker's process ran (\(overlappingFailures) of "
            + "\(Formatting.count(overlappingFailures, "failure"))) and passed \(soloPassed) of "
            + "\(Formatting.count(soloRuns, "run")) with one worker, beside the rest of its suite"
        let loaded = loadedRuns.flatMap { runs in loadedPassed.map { (runs: runs, passed: $0) } }
        switch cause {
        case .cpuContention?:
            let failed = loaded.map { "failed \($0.runs - $0.passed) of \($0.runs)" } ?? "failed"
            return shown + ", but \(failed) with one worker and the CPUs kept busy: CPU contention exposes a race "
                + "inside the test, not a resource the workers share."
        case .needsAnotherWorker?:
            let range = workers.map { " (0 to \($0 - 1))" } ?? ""
            return shown + (loaded.map { " and \($0.passed) of \($0.runs)" } ?? "")
                + " with one worker and the CPUs kept "
                + "busy: it needs another worker's process beside it, through something they share (a port, socket "
                + "path or "
                + "file) or the way that process's work interleaves with its own; these checks cannot tell which. "
                + "Check with --workers 1; give each worker its own resource with FLAKECHECK_WORKER\(range)."
        case .timingUnderLoad?:
            let measured = timing.map { " (\(Self.words(for: $0)))" } ?? ""
            return shown + (loaded.map { " and \($0.passed) of \($0.runs) with the CPUs kept busy" } ?? "")
                + ": timing-sensitive under parallel load. Its failures are timing checks\(measured), which "
                + "another worker's process slows; the gate counts them like any other failure. Run timing tests "
                + "with --workers 1, or give them a bound that holds on a loaded machine."
        case .failsAlone?:
            return "failed only while another worker's process ran (\(overlappingFailures) of "
                + "\(Formatting.count(overlappingFailures, "failure"))), and failed "
                + "\(soloRuns - soloPassed) of \(Formatting.count(soloRuns, "run")) with one worker too: it does not "
                + "need another worker to fail."
        case .inconclusive?, nil:
            let why =
                failureRate.flatMap { rate in runsNeeded.map { (rate, $0) } }.map {
                    ", since at its measured failure rate (\(Formatting.percent($0.0))) it takes \($0.1) runs to see "
                        + "a failure with 95% probability (--recheck \($0.1) runs that many)"
                } ?? ""
            return shown + (loaded.map { " and \($0.passed) of \($0.runs) with the CPUs kept busy" } ?? "")
                + ": inconclusive\(why)."
        }
    }

    /// What a kind of timing check measured, in the words of the failure it comes from.
    static func words(for check: TimingCheck) -> String {
        switch check {
        case .measureDeviation: "XCTest's measure() found a relative standard deviation past its maximum"
        case .measureBaseline: "XCTest's measure() found an average worse than its baseline"
        case .elapsedTime: "assertions on an elapsed time"
        }
    }
}
