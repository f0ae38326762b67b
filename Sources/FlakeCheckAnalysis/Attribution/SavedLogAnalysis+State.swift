import FlakeCheckModel
import FlakeCheckParsing

/// What `SavedLogAnalysis` keeps while it reads a log: per framework, where its run is; per printed name,
/// the tests of that name started and not yet ended. Types of their own file, internal to Analysis.
extension SavedLogAnalysis {
    struct FrameworkState {
        /// The iteration start-of-run lines have reached.
        var iteration = 0
        var sawRunStart = false
        var hasTests = false
        var highestIteration = 0
        var printedSummary = false
        var crashLine: String?
        /// SwiftPM said this library's process died: later crash lines are another process's.
        var died = false
        /// The names (indices into `names`) with tests running: what the run's end has to settle.
        var running = RunningNames()
        /// The IDs that got a result in the current iteration: with a catalog, a run that died is checked
        /// against it, so the tests it never reached are not simply absent.
        var reported: Set<String> = []
        /// The tests (name and occurrence) that reported a result in the current iteration, in order: if the
        /// process dies after them with none running, one of them took it down.
        var reportedInOrder: [(name: Int, occurrence: Int)] = []
        /// The runtime's crash words printed while no test of this library was running.
        var crashLineAfterResults: String?
        /// Whether this library's output in the log has start lines (xcodebuild's summary lines do not).
        var startsPrinted = false
    }

    struct NameState {
        var reference: TestReference
        /// The iteration the newest start went to, and how often the name started in it.
        var latestIteration: Int?
        var occurrences = 0
        /// Started and not ended, oldest first.
        var running = FirstInFirstOut<Running>()
        /// Set while two or more tests of this (Swift Testing) name run at once: their issues and ends wait
        /// here until all of them ended, and are then placed by `SameNameGroup`.
        var group: SameNameGroup?
        /// Failures reported before any start of the name, for its next start.
        var pendingIssues: [FailureRecord] = []
        /// A skip reason printed with a skipped end that has no start line.
        var pendingSkipReason: String?
        /// The identity and test number of each occurrence within a run, worked out once.
        var identities: [(identity: TestIdentity, test: Int)] = []
    }

    struct Running {
        var iteration: Int
        var occurrence: Int
        var failures: [FailureRecord]
        var skipReason: String? = nil
    }
}
