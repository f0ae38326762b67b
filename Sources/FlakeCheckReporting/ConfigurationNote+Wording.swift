import FlakeCheckModel

/// A caveat about how the numbers were measured, as the reports print it.
extension ConfigurationNote {
    /// The note as `report` bears it out: how many tests' hints were read by name, and through the index.
    package func sentence(in report: FlakeReport) -> String {
        guard self == .hintsReadByName else { return sentence }
        let byName = report.tests.lazy.filter { $0.hintReadBy == .name }.count
        let byIndex = report.tests.lazy.filter { $0.hintReadBy == .index }.count
        guard byIndex > 0 else { return sentence }
        return "the hints of \(byName) of \(byName + byIndex) tests were read by name (\(byIndex) through the "
            + "compiler's index): the index holds no function where the source declares theirs, so their calls "
            + "were followed to every function of the name (report.json's tests[].hintReadBy says which)"
    }

    package var sentence: String {
        switch self {
        case .inProcessRepetitions:
            "in-process mode: Swift Testing tests were repeated inside one process per batch (--repetitions), so "
                + "process-wide state (globals, caches, singletons) was shared between repetitions; XCTest tests ran "
                + "one process per run."
        case .sanitizerCannotSeeMutex:
            "libFlakeCheckSanitizerSupport.so is not next to flakecheck (build it with `swift build --product "
                + "FlakeCheckSanitizerSupport`, or set FLAKECHECK_SANITIZER_LIBRARY), so ThreadSanitizer cannot see a "
                + "contended Synchronization.Mutex: accesses it guards may be reported as races"
        case .parallelDurations:
            "durations are wall time from each test's start to its end: Swift Testing ran a process's tests in "
                + "parallel, so theirs include time spent waiting for a thread while other tests ran"
        case .hintsReadByName:
            "hints were read by name: this build left no compiler index (a debug `swift build` writes one), so a "
                + "call was followed to every function of its name, not to the one the compiler chose"
        case .worded(let text):
            text
        }
    }
}
