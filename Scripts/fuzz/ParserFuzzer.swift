// libFuzzer entry point for the console and event-stream parsers; built by Scripts/fuzz-parsers.sh
// together with the sources of the Model, Support, Parsing and Analysis layers into one
// coverage-instrumented binary. Not part of the package: the seeded ParserFuzzTests in the test suite are
// the short, reproducible run; this is the long, coverage-guided one that looks for inputs nobody thought of.
//
// The first two bytes choose the chunk size, so chunk boundaries are fuzzed too; the rest is the
// output of a test process. Whatever the input, the parsers must return, the analysis must give every
// test a known outcome, no name may get more passes than it has pass lines, and where the bytes are one
// process's output, `parse` (`SavedLogProcesses`) and `run`'s engine (a `RunTranscript` of the same
// events settled by `InvocationAnalysis`, as `RunExecutor` does) must pass exactly the same tests.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParsers(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    guard input.count >= 2 else { return 0 }
    let chunk = 1 + Int(input[0]) << 8 | Int(input[1])
    let output = UnsafeBufferPointer(rebasing: input[2...])

    var console = ConsoleParser()
    var consoleEvents: [TestEvent] = []
    var transcript = RunTranscript()
    var events = EventStreamParser()
    var eventTranscript = RunTranscript()
    // The saved-log engine (`parse`), fed the same chunks: every test of every iteration it settles.
    var analysis = SavedLogProcesses(catalog: nil)
    // Merged as `parse` merges them: one result per test and iteration, the worst outcome standing (a second
    // end of a test that already ended comes out as a second result of the same test).
    var results: [String: (id: String, result: TestResult)] = [:]
    let keep = { (output: SavedLogProcesses.Result) in
        let key = "\(output.iteration)\u{0}\(output.identity.id)"
        if let earlier = results[key], earlier.result.outcome.severity >= output.result.outcome.severity { return }
        results[key] = (output.identity.id, output.result)
    }
    var offset = 0
    while offset < output.count {
        let slice = UnsafeBufferPointer(rebasing: output[offset..<min(output.count, offset + chunk)])
        console.feed(slice) {
            consoleEvents.append($0)
            transcript.record($0)
            analysis.record($0, emit: keep)
        }
        events.feed(slice) { eventTranscript.record($0) }
        offset += chunk
    }
    console.finish {
        consoleEvents.append($0)
        transcript.record($0)
        analysis.record($0, emit: keep)
    }
    analysis.finish(emit: keep)
    events.finish { eventTranscript.record($0) }

    // No pass without a pass line: `parse` gives a name, over all its iterations, no more passes than the
    // log has lines that passed it (`Name`, or a qualified name without its trailing `/File.swift:L:C`).
    // Counted per name, not matched by number: in a log whose lines were cut and spliced, which same-named
    // test is `#3` depends on which stray ends a reader set aside, and the number is no claim about a test.
    var passLines: [String: Int] = [:]
    for event in consoleEvents {
        guard case .finished(let reference, .passed, _) = event else { continue }
        for name in Set([reference.name, TestCatalog.droppingSourceLocation(reference.name)]) {
            passLines[name, default: 0] += 1
        }
    }
    var passes: [String: Int] = [:]
    for (id, result) in results.values where result.outcome == .passed {
        passes[numberRemoved(id), default: 0] += 1
    }
    for (name, count) in passes {
        precondition(count <= passLines[name] ?? 0, "\(name) passed \(count) times on fewer pass lines")
    }
    compareWithRun(consoleEvents, transcript: transcript, parsed: results)
    return 0
}

/// Where the input is one process's output of one library (no start-of-run line after its first test,
/// no XCTest start while another runs, one iteration), `run`'s engine fed the same events must pass
/// exactly the tests `parse` passed: the process's end as the output says it (its summary; SwiftPM's
/// signal), the catalog empty, as `parse` reads a log alone.
func compareWithRun(
    _ events: [TestEvent], transcript: RunTranscript, parsed: [String: (id: String, result: TestResult)]
) {
    var frameworks: Set<TestFramework> = []
    var signals: [TestFramework: Int32] = [:]
    var runningXCTest = 0
    for event in events {
        switch event {
        case .started(let reference), .iterationStarted(let reference, _):
            if reference.framework == .xctest {
                if runningXCTest > 0 { return }
                runningXCTest += 1
            }
            frameworks.insert(reference.framework)
        case .finished(let reference, _, _):
            if reference.framework == .xctest { runningXCTest = max(0, runningXCTest - 1) }
            frameworks.insert(reference.framework)
        case .runStarted(let framework):
            if frameworks.contains(framework) { return }
        case .processDied(let framework, let signal):
            signals[framework] = signal
        default:
            break
        }
    }
    guard frameworks.count == 1, let framework = frameworks.first,
        transcript.entries.allSatisfy({ $0.iteration == 0 }), parsed.keys.allSatisfy({ $0.hasPrefix("0\u{0}") })
    else { return }
    // SwiftPM's word that a process died, for this library's process (a death line that names no library
    // is XCTest's).
    let signal = signals[framework]
    var resolver = PrintedNameResolver(catalog: TestCatalog([]))
    let analysis = InvocationAnalysis(
        testIDs: [], frameworks: frameworks, exit: ProcessExit(exitCode: nil, signal: signal, wallSeconds: 0),
        console: transcript, eventStream: nil, resolver: &resolver)
    let runPasses = Set(analysis.results.filter { $0.value.outcome == .passed }.keys)
    let parsePasses = Set(parsed.values.filter { $0.result.outcome == .passed }.map(\.id))
    precondition(runPasses == parsePasses, "run passes \(runPasses.sorted()), parse \(parsePasses.sorted())")
}

/// `same() #3` → `same()`: the name the log prints.
func numberRemoved(_ id: String) -> String {
    guard let mark = id.range(of: " #", options: .backwards), !id[mark.upperBound...].isEmpty,
        id[mark.upperBound...].allSatisfy(\.isNumber)
    else { return id }
    return String(id[..<mark.lowerBound])
}
