/// What a test did at run time, recorded inside its process by the preloaded runtime recorder
/// (`FlakeCheckSchedulerHook`, `FLAKECHECK_EVIDENCE_FILE`) in a short pass that runs the test alone: the
/// measured side of a hint. One value per evidence run.
public struct RuntimeEvidence: Codable, Equatable, Sendable {
    /// A suspension of the test's own task (the task that printed its first failed check) before that line,
    /// by what woke it.
    public enum Wait: String, Codable, Equatable, Sendable {
        case yield
        case sleep
        /// Another task woke it: a continuation that task resumed, a stream element it sent.
        case resumedByTask
        /// A task it awaited ended: a task's `value`, a group child, an `async let`.
        case taskEnded
        /// It was woken from outside Swift's jobs: a thread or Dispatch callback resuming a continuation.
        /// (Before 2026-11-27 the recorder also put a task's end and a main-actor task's own hop here.)
        case resumedOutside
        /// A timer woke it: a continuation resumed from a `DispatchQueue.asyncAfter` block, a Foundation
        /// `Timer`, or a task whose latest wake was its own sleep. A sleep, whatever the code calls the wait.
        /// (Before 2026-11-28 these were `resumedOutside` and `resumedByTask`.)
        case resumedByTimer
    }

    public struct Run: Codable, Equatable, Sendable {
        /// `Task.yield()` calls.
        public var yields: Int
        /// Sleeps (`Task.sleep`, a clock's real sleep), each in seconds.
        public var sleeps: [Double]
        /// Unstructured tasks (`Task {}`, `Task.detached {}`) started by the package's code, tests and code
        /// under test alike; the test libraries' own tasks are not counted.
        public var unstructuredTasks: Int
        /// Jobs sent to the main actor.
        public var mainActorJobs: Int
        /// Of `unstructuredTasks`, how many were still running (not yet finished and freed) when the test's
        /// first failure was printed, or its result if it had none; nil when neither was seen.
        public var tasksStillRunning: Int?
        /// What the test's own task waited on before its first failed check, in order, or in a passed run
        /// before its result; nil when the recorder did not know the test's task (a failure a task of the
        /// package's printed, a synchronous XCTest method), when its list overflowed, or from a recorder that
        /// kept no waits (before 2026-11-28 a passed run kept none).
        public var waits: [Wait]?
        /// How the test ended in that run.
        public var outcome: TestOutcome

        package init(
            yields: Int, sleeps: [Double], unstructuredTasks: Int, mainActorJobs: Int, tasksStillRunning: Int? = nil,
            waits: [Wait]? = nil, outcome: TestOutcome
        ) {
            self.yields = yields
            self.sleeps = sleeps
            self.unstructuredTasks = unstructuredTasks
            self.mainActorJobs = mainActorJobs
            self.tasksStillRunning = tasksStillRunning
            self.waits = waits
            self.outcome = outcome
        }
    }

    public var runs: [Run]

    package init(runs: [Run]) { self.runs = runs }
}
