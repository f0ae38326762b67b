import FlakeCheckModel
import FlakeCheckParsing

/// Which test each entry of one process's transcripts is, and what each reported: the pure half of
/// deciding a process's results. What a crash, a timeout or a lost result then means, and what to run
/// again, is `InvocationAnalysis`'s.
package struct ResultAttribution: Sendable {
    /// Each test of `order`'s (merged) result, nil for a test that reported no end: arrays, so that a
    /// process of thousands of results costs an index per result, not a hash (a saved log settles
    /// thousands of processes).
    package private(set) var ordered: [TestResult?] = []
    /// Tests that started and never ended, in the order they started.
    package private(set) var unfinished: [String] = []
    /// Requested tests that never even started.
    package private(set) var unseen: [String] = []
    /// The tests that reported an end, in the order they first did.
    package private(set) var finished: [String] = []
    /// Whether any test of the process started or ended at all.
    package private(set) var madeProgress = false
    /// Tests that appeared in the output but are not in the catalog (kept under their printed name).
    package private(set) var unknownTests: [TestIdentity] = []
    /// Same-name groups whose ends the output cannot tell apart: their tests got no result.
    package private(set) var ambiguities: [SameNameAmbiguity] = []
    /// Failures of tests that did not end, each test's own (a same-name group's unplaced issues go with
    /// its first test still running).
    package private(set) var unfinishedFailures: [String: [FailureRecord]] = [:]
    /// How many XCTest and Swift Testing tests the output showed (their starts, and ends without one).
    private var shownXCTest = 0, shownSwiftTesting = 0
    /// Every test the output showed (and the process was asked to run), in the order it first did.
    package private(set) var order: [PrintedNameResolver.Test] = []

    init() {}

    /// `resolver` turns printed names into test IDs: a fresh one per process for a run, one for a whole
    /// saved log (it keeps what it worked out).
    package init(
        testIDs: [String], frameworks: Set<TestFramework>, console: RunTranscript, eventStream: RunTranscript?,
        resolver: inout PrintedNameResolver
    ) {
        let (entries, issues) = Self.entries(frameworks: frameworks, console: console, eventStream: eventStream)
        madeProgress = !entries.isEmpty
        resolver.beginPass()
        var unfinishedSlots: [Bool] = []
        var unfinishedAt: [Int] = []
        let requested = Set(testIDs)
        // Room for every entry's test: grown from empty, these lists cost a copy at each doubling in each of
        // the thousands of processes a saved log holds.
        order.reserveCapacity(entries.count)
        ordered.reserveCapacity(entries.count)
        finished.reserveCapacity(entries.count)
        unfinishedSlots.reserveCapacity(entries.count)
        var groups: [Int: [(entry: RunTranscript.Entry, test: PrintedNameResolver.Test)]] = [:]
        // Read in place: an entry is a large value, and a copy of each cost a retain and a release of
        // every string and list it holds.
        entries.withUnsafeBufferPointer { entries in
        for position in entries.indices {
            if entries[position].reference.framework == .xctest { shownXCTest += 1 } else { shownSwiftTesting += 1 }
            let test = resolver.test(of: entries[position].reference, occurrence: entries[position].occurrence)
            // A known test this process was not asked to run (a library that runs more than its filter
            // selects) is not part of this selection's numbers.
            if !requested.isEmpty, !requested.contains(test.id), resolver.catalog[test.id] != nil { continue }
            let (slot, first) = resolver.slot(of: test)
            if first {
                order.append(test)
                ordered.append(nil)
                unfinishedSlots.append(false)
                // Against no catalog (a saved log read alone) every test is unknown, and nobody asks.
                if !test.known, !resolver.catalog.tests.isEmpty { unknownTests.append(resolver.identities[test.index]) }
            }
            if let group = entries[position].sameNameGroup {
                groups[group, default: []].append((entries[position], test))
            } else if let status = entries[position].status {
                let result = TestResult(
                    outcome: TestOutcome(status), duration: entries[position].duration,
                    failures: entries[position].failures, skipReason: entries[position].skipReason)
                if ordered[slot] == nil { finished.append(test.id) }
                Self.merge(result, into: &ordered[slot])
            } else if !unfinishedSlots[slot] {
                unfinishedSlots[slot] = true
                unfinished.append(test.id)
                unfinishedAt.append(slot)
                unfinishedFailures[test.id] = entries[position].failures
            }
        }
        }
        for group in groups.keys.sorted() {
            settle(
                group: groups[group]!, issues: issues[group], resolver: &resolver, unfinishedSlots: &unfinishedSlots,
                unfinishedAt: &unfinishedAt)
        }
        // A test that ended once and ran unfinished another time (its second start never ended) ended.
        if unfinishedAt.contains(where: { ordered[$0] != nil }) {
            let kept = zip(unfinished, unfinishedAt).filter { ordered[$0.1] == nil }
            unfinished = kept.map(\.0)
        }
        guard !testIDs.isEmpty else { return }
        // Sets keep hostile output (thousands of unfinished starts) linear.
        let started = Set(unfinished)
        let ended = Set(order.indices.filter { ordered[$0] != nil }.map { order[$0].id })
        unseen = testIDs.filter { !ended.contains($0) && !started.contains($0) }
    }

    /// How many of `framework`'s tests the output showed.
    package func shown(_ framework: TestFramework) -> Int {
        framework == .xctest ? shownXCTest : shownSwiftTesting
    }

    /// Tests printed alike that ran together: when all ended, each gets what the evidence gives it
    /// (`SameNameGroup`), or none and an ambiguity; those that did not end are unfinished, the group's
    /// unplaced issues with the first of them, and the ends of the others cannot be told apart.
    private mutating func settle(
        group members: [(entry: RunTranscript.Entry, test: PrintedNameResolver.Test)], issues: [FailureRecord],
        resolver: inout PrintedNameResolver, unfinishedSlots: inout [Bool], unfinishedAt: inout [Int]
    ) {
        var group = SameNameGroup()
        group.issues = issues
        group.members = members.map {
            SameNameGroup.Member(
                occurrence: $0.entry.occurrence, identity: resolver.identities[$0.test.index],
                failures: $0.entry.failures, skipReason: $0.entry.skipReason)
        }
        group.ends = members.compactMap { member in
            member.entry.status.map { SameNameGroup.End(status: $0, duration: member.entry.duration) }
        }
        let running = members.filter { $0.entry.status == nil }
        if running.isEmpty, let resolved = group.resolve() {
            for (member, result) in zip(members, resolved) {
                let slot = resolver.slot(of: member.test).slot
                if ordered[slot] == nil { finished.append(member.test.id) }
                Self.merge(result, into: &ordered[slot])
            }
            return
        }
        var unplaced = issues
        for member in running {
            let slot = resolver.slot(of: member.test).slot
            guard !unfinishedSlots[slot] else { continue }
            unfinishedSlots[slot] = true
            unfinished.append(member.test.id)
            unfinishedAt.append(slot)
            unfinishedFailures[member.test.id] = member.entry.failures + unplaced
            unplaced = []
        }
        let ended = members.filter { $0.entry.status != nil }
        guard !ended.isEmpty else { return }
        let ids = ended.map(\.test.id)
        let ends = ended.compactMap(\.entry.status)
        let printedName = members[0].entry.reference.name
        let message =
            "ambiguous: \(ids.count) tests print as `\(printedName)` and ran at the same time; "
            + "their ends (\(ends.map(\.rawValue).joined(separator: ", "))) cannot be told apart from "
            + "the log, so none counts (flakecheck run reads the event stream, which can)"
        for member in ended {
            let slot = resolver.slot(of: member.test).slot
            guard ordered[slot] == nil else { continue }
            finished.append(member.test.id)
            ordered[slot] = TestResult(outcome: .notRun, failures: [FailureRecord(message: message)])
        }
        ambiguities.append(
            SameNameAmbiguity(printedName: printedName, ids: ids, ends: ends.map { TestOutcome($0) }))
    }

    /// The entries of the libraries this process ran, and the same-name groups' unplaced issues.
    private static func entries(
        frameworks: Set<TestFramework>, console: RunTranscript, eventStream: RunTranscript?
    ) -> (entries: [RunTranscript.Entry], issues: [[FailureRecord]]) {
        // One library's transcript (a process of a saved log) is read as it stands, without a copy (checked
        // by index: `allSatisfy` over the entries themselves copied each one).
        if frameworks.count == 1, eventStream == nil, let only = frameworks.first,
            console.entries.indices.allSatisfy({ console.entries[$0].reference.framework == only })
        {
            return (console.entries, console.sameNameIssues)
        }
        let xctest = frameworks.contains(.xctest) ? console.entries.filter { $0.reference.framework == .xctest } : []
        guard frameworks.contains(.swiftTesting) else { return (xctest, console.sameNameIssues) }
        // The event stream is written record by record, so even after a crash it says which tests were
        // running; only when it is missing does the console text stand in (a process run without it, where
        // its names tell every test apart, or a stream that was never written).
        if let eventStream, !eventStream.entries.isEmpty || !eventStream.finishedFrameworks.isEmpty {
            return (xctest + eventStream.entries, eventStream.sameNameIssues)
        }
        guard frameworks.contains(.xctest) else { return (console.entries, console.sameNameIssues) }
        return (xctest + console.entries.filter { $0.reference.framework == .swiftTesting }, console.sameNameIssues)
    }

    /// A test reported more than once in one process (a parameterized or repeated test) keeps its worst
    /// outcome: any failure fails it.
    private static func merge(_ result: TestResult, into existing: inout TestResult?) {
        guard existing != nil else {
            existing = result
            return
        }
        if result.outcome.severity > existing!.outcome.severity { existing!.outcome = result.outcome }
        existing!.duration = [existing!.duration, result.duration].compactMap { $0 }.max()
        existing!.failures += result.failures
    }
}

/// Tests printed alike that ran at the same time, whose ends the output cannot tell apart.
package struct SameNameAmbiguity: Sendable, Equatable {
    package var printedName: String
    package var ids: [String]
    package var ends: [TestOutcome]
}
