/// `--replay REPORT --run K`: run K's failing tests again, under run K's conditions.
struct ReplayOptions: OptionGroup {
    static let replay = Option<String>.text(
        "--replay", value: "REPORT",
        help: "With --run K: run the tests that failed in run K of a saved report.json again, "
            + "under that run's --perturb conditions")
    static let run = Option<Int>.integer(
        "--run", value: "K", help: "With --replay: the run to replay (1-based, as in logs/run-0000K.log)",
        range: 1...Int.max)
    static let specs = [replay.spec, run.spec]
    /// `compare` and `demo`: accepted only to be refused with a message of their own.
    static let hiddenSpecs = specs.map { $0.hiddenFromHelp() }

    var report: String?
    var run: Int?
    /// A `--run` that does not read, kept for the error `--replay` gives when it needs it.
    private var runError: FlakeCheckError?

    init(_ parsed: ParsedArguments) throws {
        report = try parsed.value(Self.replay)
        do {
            run = try parsed.value(Self.run)
        } catch let error as FlakeCheckError {
            runError = error
        }
    }

    func validate() throws {
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
    func refuse() throws {
        if report != nil {
            throw FlakeCheckError.usage("--replay goes with `flakecheck run` (it re-runs one run's failing tests).")
        }
    }
}
