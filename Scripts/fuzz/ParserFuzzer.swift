// libFuzzer entry point for the console and event-stream parsers; built by Scripts/fuzz-parsers.sh
// together with the sources of the Model, Support, Parsing and Analysis layers into one
// coverage-instrumented binary. Not part of the package: the seeded ParserFuzzTests in the test suite are
// the short, reproducible run; this is the long, coverage-guided one that looks for inputs nobody thought of.
//
// The first two bytes choose the chunk size, so chunk boundaries are fuzzed too; the rest is the
// output of a test process. Whatever the input, the parsers must return, the analysis must give every
// test a known outcome, and no test may pass without a pass line.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParsers(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    guard input.count >= 2 else { return 0 }
    let chunk = 1 + Int(input[0]) << 8 | Int(input[1])
    let output = UnsafeBufferPointer(rebasing: input[2...])

    var console = ConsoleParser()
    var transcript = RunTranscript()
    var events = EventStreamParser()
    var eventTranscript = RunTranscript()
    // The saved-log engine (`parse`), fed the same chunks: every test of every iteration it settles.
    var analysis = SavedLogAnalysis(catalog: nil)
    var results: [(id: String, result: TestResult)] = []
    let keep = { (output: SavedLogAnalysis.Result) in results.append((output.identity.id, output.result)) }
    var offset = 0
    while offset < output.count {
        let slice = UnsafeBufferPointer(rebasing: output[offset..<min(output.count, offset + chunk)])
        console.feed(slice) {
            transcript.record($0)
            analysis.record($0, emit: keep)
        }
        events.feed(slice) { eventTranscript.record($0) }
        offset += chunk
    }
    console.finish {
        transcript.record($0)
        analysis.record($0, emit: keep)
    }
    analysis.finish(emit: keep)
    events.finish { eventTranscript.record($0) }

    // A pass needs a line that passed a test of that ID (`Name`, `Name #2`, or a qualified name
    // without a trailing `/File.swift:L:C`).
    let passedIDs = Set(
        transcript.entries.filter { $0.status == .passed }.flatMap { entry in
            [
                entry.reference.name, "\(entry.reference.name) #\(entry.occurrence)",
                TestCatalog.droppingSourceLocation(entry.reference.name),
            ]
        })
    for (id, result) in results where result.outcome == .passed {
        precondition(passedIDs.contains(id), "\(id) passed without a pass line")
    }
    return 0
}
