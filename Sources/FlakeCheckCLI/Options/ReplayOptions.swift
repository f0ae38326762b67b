import FlakeCheckSupport

/// `--replay REPORT --run K`: run K's failing tests again, under run K's conditions.
package struct ReplayOptions: OptionGroup {
    package var report: String?
    /// `--run` as given: read when `--replay` needs it, so a stray `--run` gets the error that says so.
    var runText: String?

    package init() {}

    package static let replay = OptionField<Self>(
        Option<String>.text(
            "--replay", value: "REPORT",
            help: "With --run K: run the tests that failed in run K of a saved report.json again, "
                + "under that run's --perturb conditions"),
        \.report)
    /// Read as text: a `--run` that does not read gets the error `validate` gives, not the parser's.
    package static let run = OptionField<Self>(
        Option<String>.text(
            "--run", value: "K", help: "With --replay: the run to replay (1-based, as in logs/run-0000K.log)"),
        \.runText)
    package static let fields = [replay, run]
    /// `compare` and `demo`: accepted only to be refused with a message of their own.
    static let hiddenSpecs = specs.map { $0.hiddenFromHelp() }

    /// The run to replay, 1 or more; nil when not given, or when it does not read (`validate` says which).
    package var run: Int? { runText.flatMap { Int($0) }.flatMap { $0 >= 1 ? $0 : nil } }

    package func validate() throws {
        guard report != nil else {
            if runText != nil {
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
