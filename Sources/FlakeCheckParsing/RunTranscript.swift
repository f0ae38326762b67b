import FlakeCheckModel

/// Folds the events of one test process into per-test entries: the transcript half of the one engine that
/// decides results, for a live run's process and for each process a saved log holds alike
/// (`InvocationAnalysis` reads it).
///
/// Console names are not unique (two suites' `same()` both print as `Test same()`), so every time a name
/// starts while an earlier test of that name has already been seen in this process, it gets the next
/// occurrence number: `SharedNameTests/testSame`, then `SharedNameTests/testSame #2`. XCTest runs serially,
/// so occurrence order is execution order and resolution against discovery order is exact. Swift Testing
/// tests printed alike that run at the same time (or that the catalog says print alike, `sharedNames`)
/// form a same-name group: which end and which issue is whose is decided from evidence when the group is
/// read (`SameNameGroup`), never first-in, first-out. Runs flakecheck launches use the event stream, or the
/// console only where it names every test of the process apart (`consoleOnly`), and never form one.
///
/// Where one process printed several runs of a test (xcodebuild's `started (Iteration 2 of 3).`, a
/// repeated macOS name), each entry says which (`iteration`).
package struct RunTranscript: Sendable {
    package struct Entry: Sendable, Equatable {
        package var reference: TestReference
        /// 1 for the first test of a name in this process, 2 for the second, ...
        package var occurrence: Int
        package var status: FinishStatus?
        package var duration: Double?
        package var failures: [FailureRecord] = []
        package var order: Int
        package var skipReason: String? = nil
        /// The run of its test within this process's output, from 0: the iteration its start named, or for
        /// a name whose repeats are iterations (`repeatsAreIterations`) one more than its last; else 0.
        package var iteration = 0
        /// The same-name group it belongs to (an index into `sameNameIssues`), nil for most tests.
        package var sameNameGroup: Int? = nil

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
    /// How many tests each library's summary counts, where it says.
    package private(set) var summaryCounts: [TestFramework: Int] = [:]
    /// Events ignored because the transcript was full. A test whose events were dropped has no result,
    /// so it can never be counted as a pass it did not show.
    package private(set) var droppedEvents = 0
    /// Ends ignored because their test never started although this output prints starts.
    package private(set) var ignoredEnds = 0
    /// Per same-name group, the issues reported while its tests ran, whose owner the output does not say.
    package private(set) var sameNameIssues: [[FailureRecord]] = []
    /// How many entries have started and not ended.
    package private(set) var running = 0
    /// XCTest entries started and not ended: XCTest runs one test at a time, so a start while one runs
    /// means the earlier one's process died (xcodebuild restarts its runner and goes on).
    package private(set) var runningXCTest = 0

    /// How many of the catalog's tests print as each console name, where several do: their tests form a
    /// same-name group even when they do not overlap (Swift Testing may run the second suite's first).
    private let sharedNames: [String: Int]
    private let maximumBytes: Int
    private var storedBytes = 0
    /// The libraries whose output here has start lines (the event stream and the console both do;
    /// xcodebuild's summary lines do not), and those whose start-of-run line was seen. Two bits each, not
    /// sets: they are asked at every start.
    private var startsPrinted = FrameworkBits()
    private var sawRunStart: FrameworkBits
    /// Everything known about each printed name, found by the parser's number for the name
    /// (`TestReference.number`) where it has one, which costs an index where hashing the name cost a
    /// tenth of reading a log of thousands of tests; by the name itself otherwise.
    private var names: [NameState] = []
    private var nameByNumber: [Int32] = []
    private var nameByReference: [TestReference: Int] = [:]

    private struct NameState: Sendable {
        var occurrences = 0
        /// The newest entry, where an issue after its test finished is filed; -1 for none.
        var latest = -1
        /// Entries that started and have not finished, oldest first.
        var inFlight = FirstInFirstOut<Int>()
        /// Failures reported before any entry of the name existed, attached to its first entry.
        var pendingIssues: [FailureRecord] = []
        /// A skip reason printed with a skipped end that has no start line.
        var pendingSkipReason: String?
        /// The open same-name group, -1 for none, and how many tests have joined it.
        var group = -1
        var groupMembers = 0
        /// The iteration of its newest entry, -1 before any.
        var lastIteration = -1
        /// `repeatsAreIterations` and whether the catalog holds several tests printed so, worked out on
        /// first sight (nil before); a start-of-run line forgets the first.
        var repeatsAreIterations: Bool?
        var shared: Bool?
    }

    /// A set of the two libraries as two bits.
    private struct FrameworkBits: Sendable {
        var bits: UInt8 = 0
        init(_ frameworks: Set<TestFramework> = []) { for framework in frameworks { insert(framework) } }
        func contains(_ framework: TestFramework) -> Bool { bits & Self.bit(framework) != 0 }
        mutating func insert(_ framework: TestFramework) { bits |= Self.bit(framework) }
        private static func bit(_ framework: TestFramework) -> UInt8 { framework == .xctest ? 1 : 2 }
    }

    /// `sawRunStart`: the libraries whose start-of-run line an earlier process of the same saved log
    /// printed (a repeated Linux XCTest name is then another test, not the next iteration).
    package init(
        maximumBytes: Int = RunTranscript.defaultMaximumBytes, sharedNames: [String: Int] = [:],
        sawRunStart: Set<TestFramework> = []
    ) {
        self.maximumBytes = maximumBytes
        self.sharedNames = sharedNames
        self.sawRunStart = FrameworkBits(sawRunStart)
    }

    /// A transcript of part of another's entries (one repetition of an in-process run), read as it stands.
    package init(
        entries: [Entry], finishedFrameworks: Set<TestFramework>, sameNameIssues: [[FailureRecord]] = [],
        summaryCounts: [TestFramework: Int] = [:]
    ) {
        self.init()
        self.entries = entries
        self.finishedFrameworks = finishedFrameworks
        self.sameNameIssues = sameNameIssues
        self.summaryCounts = summaryCounts
    }

    /// Room for as many entries and printed names as `previous` held: a saved log's processes are much
    /// alike, and lists grown from empty for each of thousands of them cost a copy at every doubling.
    package mutating func reserveCapacity(like previous: RunTranscript) {
        entries.reserveCapacity(previous.entries.count)
        names.reserveCapacity(previous.names.count)
        if nameByNumber.count < previous.nameByNumber.count {
            nameByNumber.append(contentsOf: repeatElement(-1, count: previous.nameByNumber.count - nameByNumber.count))
        }
    }

    package mutating func record(_ event: TestEvent) {
        switch event {
        case .declared(let declaration):
            let size =
                128 + declaration.id.utf8.count + declaration.name.utf8.count
                + (declaration.displayName?.utf8.count ?? 0) + (declaration.filePath?.utf8.count ?? 0)
            guard declarations[declaration.id] != nil || reserve(size) else { return }
            declarations[declaration.id] = declaration
        case .started(let reference):
            startsPrinted.insert(reference.framework)
            _ = startEntry(reference, name: name(of: reference), iteration: nil)
        case .iterationStarted(let reference, let iteration):
            startsPrinted.insert(reference.framework)
            _ = startEntry(reference, name: name(of: reference), iteration: max(iteration, 1) - 1)
        case .issue(let reference, let failure):
            guard reserve(64 + failure.message.utf8.count + (failure.location?.utf8.count ?? 0)) else { return }
            file(failure, name: name(of: reference))
        case .finished(let reference, let status, let duration):
            finish(reference, name: name(of: reference), status: status, duration: duration)
        case .skipReason(let reference, let reason):
            guard reserve(64 + reason.utf8.count) else { return }
            let name = name(of: reference)
            if let index = names[name].inFlight.first {
                entries[index].skipReason = reason
            } else {
                names[name].pendingSkipReason = reason
            }
        case .runFinished(let framework):
            finishedFrameworks.insert(framework)
        case .runCounted(let framework, let tests):
            summaryCounts[framework] = tests
        case .runStarted(let framework):
            guard !sawRunStart.contains(framework) else { return }
            sawRunStart.insert(framework)
            for index in names.indices { names[index].repeatsAreIterations = nil }
        case .crashReported, .processDied:
            break
        }
    }

    /// An issue goes to its test's running entry, or its open same-name group, or (reported after its end
    /// line) to its newest entry, which then failed: a failing issue is never part of a pass.
    private mutating func file(_ failure: FailureRecord, name: Int) {
        if names[name].group >= 0 {
            sameNameIssues[names[name].group].append(failure)
        } else if let index = names[name].inFlight.first {
            entries[index].failures.append(failure)
        } else if names[name].latest >= 0 {
            let index = names[name].latest
            entries[index].failures.append(failure)
            if entries[index].status == .passed { entries[index].status = .failed }
        } else {
            // A failure for a test that has not started (another thread's late report, a line quoted
            // by a test) must not create a start of its own: a later finish would pop that phantom,
            // and the real start would look unfinished, like a crash. It waits for the test's entry.
            names[name].pendingIssues.append(failure)
        }
    }

    private mutating func finish(_ reference: TestReference, name: Int, status: FinishStatus, duration: Double?) {
        let index: Int
        if let started = names[name].inFlight.popFirst() {
            index = started
            running -= 1
            if reference.framework == .xctest { runningXCTest -= 1 }
        } else if status != .skipped, names[name].latest >= 0, let earlier = entries[names[name].latest].status,
            startsPrinted.contains(reference.framework) || !repeats(reference, name: name)
        {
            // A second end for a test that already ended (a forged pass before its real failure): the
            // worse one stands, and no made-up `#2` test appears. (In output without start lines, a
            // qualified name's next end is its next iteration, made below.)
            if TestOutcome(status).severity > TestOutcome(earlier).severity {
                entries[names[name].latest].status = status
            }
            return
        } else if status != .skipped, startsPrinted.contains(reference.framework) {
            // An end for a test that never started, in output that prints starts: a print, not a result.
            ignoredEnds += 1
            return
        } else {
            // Skipped tests, and xcodebuild's lines, end without a start line of their own.
            guard let new = startEntry(reference, name: name, iteration: nil) else { return }
            _ = names[name].inFlight.popLast()
            running -= 1
            if reference.framework == .xctest { runningXCTest -= 1 }
            index = new
        }
        entries[index].status = status
        entries[index].duration = duration
        if let reason = names[name].pendingSkipReason {
            entries[index].skipReason = reason
            names[name].pendingSkipReason = nil
        }
        closeGroupIfEnded(name, reference: reference)
    }

    /// A new entry, or nil (and the event counted as dropped) once the transcript is full.
    private mutating func startEntry(_ reference: TestReference, name: Int, iteration explicit: Int?) -> Int? {
        guard reserve(256 + reference.name.utf8.count) else { return nil }
        names[name].occurrences += 1
        let index = entries.count
        let iteration = explicit ?? (repeats(reference, name: name) ? names[name].lastIteration + 1 : 0)
        names[name].lastIteration = iteration
        // Swift Testing runs tests in parallel: a second start of a name before the first ended is another
        // test printed alike, and from here on which end is whose is decided from evidence. So is a name the
        // catalog holds several tests of, even when they did not overlap.
        if reference.framework == .swiftTesting, names[name].group < 0,
            !names[name].inFlight.isEmpty || isShared(reference, name: name)
        {
            // Issues so far went to the one test of this name then running, but its start line did not say
            // which declared test that is: they are placed with the rest, by location, or not at all.
            let group = sameNameIssues.count
            var issues: [FailureRecord] = []
            let alike = names[name].inFlight.queued
            for index in alike {
                issues += entries[index].failures
                entries[index].failures = []
                entries[index].sameNameGroup = group
            }
            sameNameIssues.append(issues)
            names[name].group = group
            names[name].groupMembers = alike.count
        }
        // Made whole, then moved into the list: appended first and changed there, it was copied and destroyed.
        var entry = Entry(reference: reference, occurrence: names[name].occurrences, order: index)
        if !names[name].pendingIssues.isEmpty {
            swap(&entry.failures, &names[name].pendingIssues)
        }
        entry.iteration = iteration
        if names[name].group >= 0 {
            entry.sameNameGroup = names[name].group
            names[name].groupMembers += 1
        }
        entries.append(consume entry)
        names[name].inFlight.append(index)
        names[name].latest = index
        running += 1
        if reference.framework == .xctest { runningXCTest += 1 }
        return index
    }

    /// A same-name group closes when none of its tests runs and, for a name the catalog holds several tests
    /// of, all of them have joined; later tests of the name start afresh.
    private mutating func closeGroupIfEnded(_ name: Int, reference: TestReference) {
        guard names[name].group >= 0, names[name].inFlight.isEmpty,
            !isShared(reference, name: name) || names[name].groupMembers >= (sharedNames[reference.name] ?? 0)
        else { return }
        names[name].group = -1
        names[name].groupMembers = 0
    }

    /// Whether a name seen again is the next iteration of the same test rather than another test printed
    /// alike: XCTest names, unless Linux prints them (module-less) after a start-of-run line; and
    /// xcodebuild's `Suite/function()` for Swift Testing, where console names elsewhere are bare functions.
    private func repeatsAreIterations(_ reference: TestReference) -> Bool {
        let sawRunStart = sawRunStart.contains(reference.framework)
        switch reference.framework {
        case .xctest: return reference.isQualified || !sawRunStart
        case .swiftTesting: return !sawRunStart && !reference.name.hasPrefix("\"") && reference.name.contains("/")
        }
    }

    /// `repeatsAreIterations`, worked out once per name.
    private mutating func repeats(_ reference: TestReference, name: Int) -> Bool {
        if let known = names[name].repeatsAreIterations { return known }
        let repeats = repeatsAreIterations(reference)
        names[name].repeatsAreIterations = repeats
        return repeats
    }

    /// Whether the catalog holds several tests printed as `reference`, worked out once per name.
    private mutating func isShared(_ reference: TestReference, name: Int) -> Bool {
        if let known = names[name].shared { return known }
        let shared = !sharedNames.isEmpty && (sharedNames[reference.name] ?? 0) > 1
        names[name].shared = shared
        return shared
    }

    /// The state of `reference`'s name, made on first sight.
    private mutating func name(of reference: TestReference) -> Int {
        guard let number = reference.number else {
            if let index = nameByReference[reference] { return index }
            names.append(NameState())
            nameByReference[reference] = names.count - 1
            return names.count - 1
        }
        if number < nameByNumber.count, nameByNumber[number] >= 0 { return Int(nameByNumber[number]) }
        if number >= nameByNumber.count {
            nameByNumber.append(contentsOf: repeatElement(-1, count: number + 1 - nameByNumber.count))
        }
        names.append(NameState())
        nameByNumber[number] = Int32(names.count - 1)
        return names.count - 1
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
