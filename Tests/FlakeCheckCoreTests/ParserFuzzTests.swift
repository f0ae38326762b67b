import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Seeded fuzzing of the console and event-stream parsers: mutated real fixtures, random bytes and
/// extreme shapes. The parsers must never crash or hang and must always produce an analysis. A short
/// run belongs in the suite; set FLAKECHECK_FUZZ_ITERATIONS (and FLAKECHECK_FUZZ_SEED) for a long one:
///
///     FLAKECHECK_FUZZ_ITERATIONS=20000 FLAKECHECK_FUZZ_SEED=7 swift test --filter ParserFuzzTests
@Suite struct ParserFuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let iterations = Int(environment["FLAKECHECK_FUZZ_ITERATIONS"] ?? "") ?? 300
    static let seed = UInt64(environment["FLAKECHECK_FUZZ_SEED"] ?? "") ?? 20261121

    static let corpusNames = [
        "linux-6.3.1-xctest.txt", "linux-6.3.1-swift-testing.txt", "linux-6.3.1-swift-testing-ansi.txt",
        "linux-6.3.1-xctest-crash.txt", "linux-6.3.1-swift-test-mixed.txt", "macos-6.0-mixed-xcbeautify.txt",
        "linux-6.3.1-events-v0.jsonl", "linux-6.3.1-events-v6.3.jsonl",
    ]

    /// A renamed or emptied fixture fails here instead of quietly fuzzing nothing.
    @Test func mutatedFixturesNeverCrashTheParsers() throws {
        let corpus = try Self.corpusNames.map { name in
            let bytes = Array(try Fixture.data(name))
            try #require(!bytes.isEmpty, "fuzz seed \(name) is empty")
            return bytes
        }
        var random = SplitMix64(seed: Self.seed)
        for _ in 0..<Self.iterations {
            let input = Mutator.mutate(corpus[random.below(corpus.count)], using: &random)
            Self.parseEverywhere(input, chunk: 1 + random.below(9000))
        }
    }

    @Test func randomBytesNeverCrashTheParsers() {
        var random = SplitMix64(seed: Self.seed &+ 1)
        for _ in 0..<Self.iterations {
            let input = (0..<random.below(4096)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            Self.parseEverywhere(input, chunk: 1 + random.below(512))
        }
    }

    @Test func extremeShapesFinish() {
        let hugeLine = [UInt8](repeating: UInt8(ascii: "x"), count: 10_000_000) + [0x0A]
        Self.parseEverywhere(hugeLine, chunk: 65_536)
        let manyLines = Array(String(repeating: "hello\n", count: 1_000_000).utf8)
        Self.parseEverywhere(manyLines, chunk: 65_536)
        let startsWithoutEnd = Array(
            String(
                repeating: "Test Case 'A.testX' started at 2026-01-01 00:00:00.000\n",
                count: 20_000
            ).utf8)
        // XCTest runs one test at a time: the later starts are prints inside the first, which never ended.
        let runs = Self.parseEverywhere(startsWithoutEnd, chunk: 65_536)
        #expect(runs.count == 1)
        #expect(runs.allSatisfy { $0.values.allSatisfy { $0.outcome == .crashed } })
        let runsOfCrashes = Array(
            String(
                repeating: "Test Suite 'All tests' started at 2026-01-01 00:00:00.000\n"
                    + "Test Case 'A.testX' started at 2026-01-01 00:00:00.000\n", count: 20_000
            ).utf8)
        let crashedRuns = Self.parseEverywhere(runsOfCrashes, chunk: 65_536)
        #expect(crashedRuns.count == 20_000)
        #expect(crashedRuns.allSatisfy { $0.values.allSatisfy { $0.outcome == .crashed } })
    }

    /// Lines shaped to hit each search's worst case: every one of these took quadratic time in some
    /// earlier or naive version (a megabyte line of ` at ` fragments took minutes), so finishing at all
    /// is the assertion; their throughput is in Scripts/parser-throughput.sh.
    @Test func adversarialShapesStayLinear() {
        let atFragments = "✘ Test x() recorded an issue" + String(repeating: " at a", count: 200_000) + ": m\n"
        let digitRuns = "✘ Test x() recorded an issue at " + String(repeating: "1:", count: 300_000) + ": m\n"
        let quotes = "✔ Test \"" + String(repeating: "\"x", count: 300_000) + "\" passed after 1 seconds.\n"
        let caseMarkers = "Test Case '" + String(repeating: "' started' passed (", count: 40_000) + "\n"
        let errors = String(repeating: "F.swift:1: error: ", count: 50_000) + "A.b : m\n"
        for line in [atFragments, digitRuns, quotes, caseMarkers, errors] {
            Self.parseEverywhere(Array(line.utf8), chunk: 65_536)
        }
        // One name started 100,000 times, then ended as often, then given 100,000 issues.
        let sameName =
            String(repeating: "◇ Test same() started.\n", count: 100_000)
            + String(repeating: "✔ Test same() passed after 0.001 seconds.\n", count: 100_000)
            + String(repeating: "✘ Test same() recorded an issue at F.swift:1:2: late\n", count: 100_000)
        let runs = Self.parseEverywhere(Array(sameName.utf8), chunk: 65_536)
        #expect(runs.count == 1 && runs[0].count == 100_000)
    }

    /// Console parser → saved-log analysis (what `parse` does), plus the event-stream parser, on the same
    /// bytes; returns the results of every iteration, keyed by ID.
    @discardableResult
    static func parseEverywhere(_ input: [UInt8], chunk: Int) -> [[String: TestResult]] {
        var console = ConsoleParser()
        var transcript = RunTranscript()
        var events = EventStreamParser()
        var eventTranscript = RunTranscript()
        var offset = 0
        while offset < input.count {
            let slice = input[offset..<min(input.count, offset + chunk)]
            console.feed(slice) { transcript.record($0) }
            events.feed(slice) { eventTranscript.record($0) }
            offset += chunk
        }
        console.finish { transcript.record($0) }
        events.finish { eventTranscript.record($0) }
        let runs = Fixture.savedLogRuns(Data(input), chunkSize: chunk)
        // No pass without a line that passed a test of that ID (`Name`, `Name #2`, or a qualified name
        // without a trailing `/File.swift:L:C`).
        let passedIDs = Set(
            transcript.entries.filter { $0.status == .passed }.flatMap { entry in
                [
                    entry.reference.name, "\(entry.reference.name) #\(entry.occurrence)",
                    TestCatalog.droppingSourceLocation(entry.reference.name),
                ]
            })
        for run in runs {
            for (id, result) in run {
                #expect(result.outcome != .passed || passedIDs.contains(id), "\(id) passed without a pass line")
            }
        }
        return runs
    }
}

/// The mutations real logs suffer: cut off, repeated, reordered, spliced, coloured, corrupted.
enum Mutator {
    static func mutate(_ input: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        var lines = input.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        for _ in 0..<(1 + random.below(6)) {
            guard !lines.isEmpty else { break }
            let index = random.below(lines.count)
            switch random.below(9) {
            case 0: lines = Array(lines.prefix(index))  // truncated
            case 1: lines.insert(contentsOf: lines[index...].prefix(5), at: index)  // duplicated
            case 2: lines.swapAt(index, random.below(lines.count))  // shuffled
            case 3:  // spliced mid-line
                let other = lines[random.below(lines.count)]
                lines[index] =
                    Array(lines[index].prefix(random.below(lines[index].count + 1)))
                    + other.suffix(random.below(other.count + 1))
            case 4:
                lines[index].insert(
                    contentsOf: Array("\u{1B}[\(random.below(108))m".utf8),
                    at: random.below(lines[index].count + 1))  // ANSI escape
            case 5: lines[index].insert(0xFF, at: random.below(lines[index].count + 1))  // invalid UTF-8
            case 6: lines[index].insert(0x00, at: random.below(lines[index].count + 1))  // NUL
            case 7: lines[index].append(0x0D)  // \r\n
            default: lines[index] = lines[index].map { $0 == UInt8(ascii: " ") && random.below(20) == 0 ? 0x0D : $0 }
            }
        }
        return Array(lines.joined(separator: [0x0A]))
    }
}
