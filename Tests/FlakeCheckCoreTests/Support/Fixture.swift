import Foundation
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Real captured output: this repository's `Fixtures/` (Swift 6.3.1 on Linux) and the shared macOS and
/// Linux Swift 6.0 logs next to the repository (`../shared/fixtures`), which cannot be produced here.
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    static func text(_ name: String) throws -> String {
        String(decoding: try data(name), as: UTF8.self)
    }

    /// Parses console output fed in chunks of `chunkSize` bytes (nil: all at once).
    static func consoleTranscript(_ bytes: Data, chunkSize: Int? = nil) -> (RunTranscript, ConsoleParser) {
        var parser = ConsoleParser()
        var transcript = RunTranscript()
        let size = chunkSize ?? max(1, bytes.count)
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + size)
            parser.feed(bytes[offset..<end]) { transcript.record($0) }
            offset = end
        }
        parser.finish { transcript.record($0) }
        return (transcript, parser)
    }

    static func eventTranscript(_ bytes: Data) -> RunTranscript {
        var parser = EventStreamParser()
        var transcript = RunTranscript()
        parser.feed(bytes) { transcript.record($0) }
        parser.finish { transcript.record($0) }
        return transcript
    }

    /// Outcomes keyed by ID, from console text with no catalog, as `flakecheck parse` sees a log of one run
    /// (results of later iterations, if any, merge in, worst outcome first).
    static func outcomes(ofConsole bytes: Data) -> [String: TestResult] {
        savedLogRuns(bytes).reduce(into: [:]) { merged, run in
            for (id, result) in run {
                if let existing = merged[id], existing.outcome.severity >= result.outcome.severity { continue }
                merged[id] = result
            }
        }
    }

    /// What `flakecheck parse` reads from a saved log: one dictionary of results per iteration.
    static func savedLogRuns(_ bytes: Data, chunkSize: Int? = nil, catalog: TestCatalog? = nil) -> [[String:
        TestResult]]
    {
        var parser = ConsoleParser()
        var analysis = SavedLogProcesses(catalog: catalog)
        var runs: [[String: TestResult]] = []
        let keep = { (output: SavedLogProcesses.Result) in
            while runs.count <= output.iteration { runs.append([:]) }
            // Taken out of the dictionary before it changes, so merging stays O(1) (no copy of its failures).
            if var existing = runs[output.iteration].removeValue(forKey: output.identity.id) {
                if output.result.outcome.severity > existing.outcome.severity {
                    existing.outcome = output.result.outcome
                }
                existing.failures += output.result.failures
                runs[output.iteration][output.identity.id] = existing
            } else {
                runs[output.iteration][output.identity.id] = output.result
            }
        }
        let size = chunkSize ?? max(1, bytes.count)
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + size)
            parser.feed(bytes[offset..<end]) { analysis.record($0, emit: keep) }
            offset = end
        }
        parser.finish { analysis.record($0, emit: keep) }
        analysis.finish(emit: keep)
        return runs
    }

    static func catalog() throws -> TestCatalog {
        let xctest = TestDiscoverer.parseXCTestList(try text("linux-6.3.1-xctest-list.txt"))
        let swiftTesting = TestDiscoverer.parseSwiftTestingList(try text("linux-6.3.1-swift-testing-list.txt"))
        return TestCatalog(
            xctest.map { TestIdentity(canonicalID: $0, framework: .xctest) }
                + swiftTesting.map { TestIdentity(canonicalID: $0, framework: .swiftTesting) })
    }
}

extension TestSummary {
    /// A summary made from a tally alone, as the one builder makes it (`TestSummary(facts:)`).
    init(tally: TestTally, confidence: Double, targetFailureRate: Double = 0.01) {
        self.init(facts: TestFacts(tally: tally), confidence: confidence, targetFailureRate: targetFailureRate)
    }
}

extension ResultAggregator {
    /// The summaries of every test the aggregator holds, as a command makes them.
    func summaries(runs: Int, confidence: Double, targetFailureRate: Double = 0.01) -> [TestSummary] {
        TestSummary.summaries(facts(runs: runs), confidence: confidence, targetFailureRate: targetFailureRate)
    }
}
