import FlakeCheckModel

/// Folds the events of one test process into per-test results.
///
/// Console names are not unique (two suites' `same()` both print as `Test same()`), so every time a name
/// starts while an earlier test of that name has already been seen in this run, it gets the next
/// occurrence number: `SharedNameTests/testSame`, then `SharedNameTests/testSame #2`. XCTest runs serially,
/// so occurrence order is execution order and resolution against discovery order is exact. Swift Testing
/// console names that repeat are attributed first-in, first-out; runs flakecheck launches use the event
/// stream, or the console only where it names every test of the process apart (`consoleOnly`), and never
/// need this.
package struct RunTranscript: Sendable {
    package struct Entry: Sendable, Equatable {
        package var reference: TestReference
        /// 1 for the first test of a name in this run, 2 for the second, ...
        package var occurrence: Int
        package var status: FinishStatus?
        package var duration: Double?
        package var failures: [FailureRecord] = []
        package var order: Int
        package var skipReason: String? = nil

        package init(
            reference: TestReference, occurrence: Int, status: FinishStatus? = nil, duration: Double? = nil,
            failures: [FailureRecord] = [], order: Int, skipReason: String? = nil
        ) {
            self.reference = reference
            self.occurrence = occurrence
            self.status = status
            self.duration = duration
            self.failures = failures
            self.order = order
            self.skipReason = skipReason
        }
    }

    /// What a transcript may hold, counted as the bytes of its names, messages and declarations plus a
    /// fixed cost per record. Far more than any real process needs (a million tests, or ten thousand
    /// failures with long messages); past it a child is printing garbage, and events are counted in
    /// `droppedEvents` instead of stored, so its output cannot grow flakecheck's memory without bound.
    package static let defaultMaximumBytes = 256 << 20

    package private(set) var entries: [Entry] = []
    package private(set) var declarations: [String: TestDeclaration] = [:]
    /// The libraries that printed their end-of-run summary (a crash or a kill never gets there).
    package private(set) var finishedFrameworks: Set<TestFramework> = []
    /// Events ignored because the transcript was full. A test whose events were dropped has no result,
    /// so it can never be counted as a pass it did not show.
    package private(set) var droppedEvents = 0
    /// Ends ignored because their test never started although this output prints starts.
    package private(set) var ignoredEnds = 0

    private let maximumBytes: Int
    private var storedBytes = 0
    private var occurrences: [TestReference: Int] = [:]
    /// The libraries whose output here has start lines (the event stream and the console both do;
    /// xcodebuild's summary lines do not).
    private var startsPrinted: Set<TestFramework> = []
    /// The newest entry of each reference, where an issue after its test finished is filed.
    private var latestEntry: [TestReference: Int] = [:]
    /// Entries that started and have not finished, per reference, oldest first.
    private var inFlight: [TestReference: FirstInFirstOut<Int>] = [:]
    /// Failures reported for a test before any entry of it existed, attached to its first entry.
    private var pendingIssues: [TestReference: [FailureRecord]] = [:]
    /// A skip reason printed with a skipped end that has no start line: it goes to the entry that end makes.
    private var pendingSkipReasons: [TestReference: String] = [:]

    package init(maximumBytes: Int = RunTranscript.defaultMaximumBytes) {
        self.maximumBytes = maximumBytes
    }

    /// A transcript of part of another's entries (one repetition of an in-process run), read as it stands.
    package init(entries: [Entry], finishedFrameworks: Set<TestFramework>) {
        self.init()
        self.entries = entries
        self.finishedFrameworks = finishedFrameworks
    }

    package mutating func record(_ event: TestEvent) {
        switch event {
        case .declared(let declaration):
            let size =
                128 + declaration.id.utf8.count + declaration.name.utf8.count
                + (declaration.displayName?.utf8.count ?? 0) + (declaration.filePath?.utf8.count ?? 0)
            guard declarations[declaration.id] != nil || reserve(size) else { return }
            declarations[declaration.id] = declaration
        case .started(let reference), .iterationStarted(let reference, _):
            startsPrinted.insert(reference.framework)
            _ = startEntry(reference)
        case .issue(let reference, let failure):
            guard reserve(64 + failure.message.utf8.count + (failure.location?.utf8.count ?? 0)) else { return }
            if let index = inFlight[reference]?.first ?? latestEntry[reference] {
                entries[index].failures.append(failure)
            } else {
                // A failure for a test that has not started (another thread's late report, a line quoted
                // by a test) must not create a start of its own: a later finish would pop that phantom,
                // and the real start would look unfinished, like a crash. It waits for the test's entry.
                pendingIssues[reference, default: []].append(failure)
            }
        case .finished(let reference, let status, let duration):
            let index: Int
            if let started = inFlight[reference]?.popFirst() {
                index = started
            } else if status != .skipped, let latest = latestEntry[reference], let earlier = entries[latest].status {
                // A second end for a test that already ended (a forged pass before its real failure): the
                // worse one stands, and no made-up `#2` test appears.
                if TestOutcome(status).severity > TestOutcome(earlier).severity { entries[latest].status = status }
                return
            } else if status != .skipped, startsPrinted.contains(reference.framework) {
                // An end for a test that never started, in output that prints starts: a print, not a result.
                ignoredEnds += 1
                return
            } else {
                // Skipped tests, and xcodebuild's lines, end without a start line of their own.
                guard let new = startEntry(reference) else { return }
                _ = inFlight[reference]?.popLast()
                index = new
            }
            entries[index].status = status
            entries[index].duration = duration
            if let reason = pendingSkipReasons.removeValue(forKey: reference) { entries[index].skipReason = reason }
        case .skipReason(let reference, let reason):
            guard reserve(64 + reason.utf8.count) else { return }
            if let index = inFlight[reference]?.first {
                entries[index].skipReason = reason
            } else {
                pendingSkipReasons[reference] = reason
            }
        case .runFinished(let framework):
            finishedFrameworks.insert(framework)
        case .runStarted, .crashReported, .processDied:
            break
        }
    }

    /// A new entry, or nil (and the event counted as dropped) once the transcript is full.
    private mutating func startEntry(_ reference: TestReference) -> Int? {
        guard reserve(256 + reference.name.utf8.count) else { return nil }
        let occurrence = (occurrences[reference] ?? 0) + 1
        occurrences[reference] = occurrence
        let index = entries.count
        entries.append(
            Entry(
                reference: reference, occurrence: occurrence,
                failures: pendingIssues.removeValue(forKey: reference) ?? [], order: index))
        inFlight[reference, default: FirstInFirstOut()].append(index)
        latestEntry[reference] = index
        return index
    }

    /// Counts `bytes` against the budget, or counts the event as dropped when they do not fit.
    private mutating func reserve(_ bytes: Int) -> Bool {
        guard storedBytes + bytes <= maximumBytes else {
            droppedEvents += 1
            return false
        }
        storedBytes += bytes
        return true
    }
}
