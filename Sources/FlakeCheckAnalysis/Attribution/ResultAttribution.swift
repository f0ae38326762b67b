import FlakeCheckModel
import FlakeCheckParsing

/// Which test each entry of one process's transcripts is, and what each reported: the pure half of
/// deciding a process's results. What a crash, a timeout or a lost result then means, and what to run
/// again, is `InvocationAnalysis`'s.
package struct ResultAttribution: Sendable, Equatable {
    /// The tests that reported an end, with their (merged) results.
    package private(set) var results: [String: TestResult] = [:]
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
    private var knownUnknownIDs: Set<String> = []

    init() {}

    package init(
        testIDs: [String], frameworks: Set<TestFramework>, console: RunTranscript, eventStream: RunTranscript?,
        catalog: TestCatalog
    ) {
        let entries = Self.entries(frameworks: frameworks, console: console, eventStream: eventStream)
        madeProgress = !entries.isEmpty
        // Arrays keep the order; the sets keep hostile logs (thousands of unfinished starts) linear.
        var unfinishedIDs: Set<String> = []
        let requested = Set(testIDs)
        // A selector can run more tests than asked (a repeated name, a class selected whole): their lines
        // are matched among them, and their results then left out.
        let candidates = catalog.index(of: catalog.coSelected(testIDs))
        for entry in entries {
            let id = resolve(entry, catalog: catalog, candidates: candidates)
            // A known test this process was not asked to run (a library that runs more than its filter
            // selects) is not part of this selection's numbers.
            if !requested.isEmpty, !requested.contains(id), catalog[id] != nil { continue }
            if let status = entry.status {
                if results[id] == nil { finished.append(id) }
                merge(
                    TestResult(
                        outcome: TestOutcome(status), duration: entry.duration, failures: entry.failures,
                        skipReason: entry.skipReason), into: id)
            } else if unfinishedIDs.insert(id).inserted {
                unfinished.append(id)
            }
        }
        unfinished.removeAll { results[$0] != nil }
        unseen = testIDs.filter { results[$0] == nil && !unfinishedIDs.contains($0) }
    }

    private static func entries(
        frameworks: Set<TestFramework>, console: RunTranscript, eventStream: RunTranscript?
    ) -> [RunTranscript.Entry] {
        let xctest = console.entries.filter { $0.reference.framework == .xctest && frameworks.contains(.xctest) }
        guard frameworks.contains(.swiftTesting) else { return xctest }
        // The event stream is written record by record, so even after a crash it says which tests were
        // running; only when it is missing does the console text stand in (a process run without it, where
        // its names tell every test apart, or a stream that was never written).
        if let eventStream, !eventStream.entries.isEmpty || !eventStream.finishedFrameworks.isEmpty {
            return xctest + eventStream.entries
        }
        return xctest + console.entries.filter { $0.reference.framework == .swiftTesting }
    }

    private mutating func resolve(
        _ entry: RunTranscript.Entry, catalog: TestCatalog,
        candidates: TestCatalog.CandidateIndex
    ) -> String {
        if let id = catalog.resolve(entry.reference, occurrence: entry.occurrence, among: candidates) { return id }
        let id = TestCatalog.printedID(of: entry.reference, occurrence: entry.occurrence)
        if knownUnknownIDs.insert(id).inserted {
            unknownTests.append(TestIdentity(canonicalID: id, framework: entry.reference.framework))
        }
        return id
    }

    /// A test reported more than once in one process (a parameterized or repeated test) keeps its worst
    /// outcome: any failure fails it.
    private mutating func merge(_ result: TestResult, into id: String) {
        guard var existing = results[id] else {
            results[id] = result
            return
        }
        if result.outcome.severity > existing.outcome.severity { existing.outcome = result.outcome }
        existing.duration = [existing.duration, result.duration].compactMap { $0 }.max()
        existing.failures += result.failures
        results[id] = existing
    }
}
