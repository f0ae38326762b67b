import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// `--replay REPORT --run K`: run K's failing tests again, under run K's conditions.
package struct ReplayOptions: OptionGroup {
    package static let replay = Option<String>.text(
        "--replay", value: "REPORT",
        help: "With --run K: run the tests that failed in run K of a saved report.json again, "
            + "under that run's --perturb conditions")
    package static let run = Option<Int>.integer(
        "--run", value: "K", help: "With --replay: the run to replay (1-based, as in logs/run-0000K.log)",
        range: 1...Int.max)
    package static let specs = [replay.spec, run.spec]
    /// `compare` and `demo`: accepted only to be refused with a message of their own.
    package static let hiddenSpecs = specs.map { $0.hiddenFromHelp() }

    package var report: String?
    package var run: Int?
    /// A `--run` that does not read, kept for the error `--replay` gives when it needs it.
    private var runError: FlakeCheckError?

    package init(_ parsed: ParsedArguments) throws {
        report = try parsed.value(Self.replay)
        do {
            run = try parsed.value(Self.run)
        } catch let error as FlakeCheckError {
            runError = error
        }
    }

    package func validate() throws {
        guard report != nil else {
            if run != nil || runError != nil {
                throw FlakeCheckError.usage("--run K goes with --replay REPORT. Did you mean '--runs'?")
            }
            return
        }
        guard run != nil else {
            throw FlakeCheckError.usage("--replay needs --run K, the run to replay (1 or more).")
        }
    }

    /// `compare` and `demo` run strategies; replaying a run is `run`'s.
    package func refuse() throws {
        if report != nil {
            throw FlakeCheckError.usage("--replay goes with `flakecheck run` (it re-runs one run's failing tests).")
        }
    }
}
