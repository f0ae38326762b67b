/// Folds the events of one test process into per-test results.
///
/// Console names are not unique (two suites' `same()` both print as `Test same()`), so every time a name
/// starts while an earlier test of that name has already been seen in this run, it gets the next
/// occurrence number: `SharedNameTests/testSame`, then `SharedNameTests/testSame #2`. XCTest runs serially,
/// so occurrence order is execution order and resolution against discovery order is exact. Swift Testing
/// console names that repeat are attributed first-in, first-out; runs flakecheck launches use the event
/// stream and never need this.
public struct RunTranscript: Sendable {
    public struct Entry: Sendable, Equatable {
        public var reference: TestReference
        /// 1 for the first test of a name in this run, 2 for the second, ...
        public var occurrence: Int
        public var status: FinishStatus?
        public var duration: Double?
        public var failures: [FailureRecord] = []
        public var order: Int
    }

    public private(set) var entries: [Entry] = []
    public private(set) var declarations: [String: TestDeclaration] = [:]
    /// The libraries that printed their end-of-run summary (a crash or a kill never gets there).
    public private(set) var finishedFrameworks: Set<TestFramework> = []

    private var occurrences: [TestReference: Int] = [:]
    /// Indices of entries that started and have not finished, per reference, oldest first.
    private var inFlight: [TestReference: [Int]] = [:]

    public init() {}

    public mutating func record(_ event: TestEvent) {
        switch event {
        case .declared(let declaration):
            declarations[declaration.id] = declaration
        case .started(let reference):
            _ = startEntry(reference)
        case .issue(let reference, let failure):
            let index = inFlight[reference]?.first ?? lastEntry(for: reference) ?? startEntry(reference)
            entries[index].failures.append(failure)
        case .finished(let reference, let status, let duration):
            let index: Int
            if var queue = inFlight[reference], !queue.isEmpty {
                index = queue.removeFirst()
                inFlight[reference] = queue
            } else {
                // Skipped tests and parameterized aggregates can end without a start line of their own.
                index = startEntry(reference)
                inFlight[reference]?.removeLast()
            }
            entries[index].status = status
            entries[index].duration = duration
        case .runFinished(let framework):
            finishedFrameworks.insert(framework)
        }
    }

    /// Entries that started but never finished: the tests running when the process died or was killed.
    public var unfinished: [Entry] { entries.filter { $0.status == nil } }

    private mutating func startEntry(_ reference: TestReference) -> Int {
        let occurrence = (occurrences[reference] ?? 0) + 1
        occurrences[reference] = occurrence
        entries.append(Entry(reference: reference, occurrence: occurrence, order: entries.count))
        inFlight[reference, default: []].append(entries.count - 1)
        return entries.count - 1
    }

    private func lastEntry(for reference: TestReference) -> Int? {
        entries.lastIndex { $0.reference == reference }
    }
}
