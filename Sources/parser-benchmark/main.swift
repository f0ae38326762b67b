import FlakeCheckParsing
import FlakeCheckReporting
import Foundation

// Measures the console parser alone: reads FILE in 64 KiB chunks (as flakecheck reads a pipe), feeds
// every byte through ConsoleParser (XCTest and Swift Testing lines), counts the events, and prints MB/s
// and its own peak resident memory. With --transcript the events are also folded into a RunTranscript,
// which is what flakecheck does for each test process. Used by Scripts/parser-throughput.sh; not part of
// the flakecheck command.
//
// With --encode-report REPORT.json it measures report.json's writer instead (issue #39 item 4): decodes
// the report, then encodes it REPEATS times (default 5) with flakecheck's own writer and with Foundation's
// JSONEncoder (sorted keys; compact, and indented as flakecheck's is), and prints each one's median
// seconds, MB/s and bytes, and whether the encoder's output decodes to the same report.
let arguments = Array(CommandLine.arguments.dropFirst())
if let flag = arguments.firstIndex(of: "--encode-report"), flag + 1 < arguments.count {
    let path = arguments[flag + 1]
    let repeats = arguments.firstIndex(of: "--repeats").flatMap { Int(arguments[$0 + 1]) } ?? 5
    let report = try JSONReportFormat.load(path, shownPath: path)
    func median(_ work: () throws -> Int) rethrows -> (seconds: Double, bytes: Int) {
        var times: [Double] = []
        var bytes = 0
        for _ in 0..<repeats {
            let start = Date()
            bytes = try work()
            times.append(Date().timeIntervalSince(start))
        }
        return (times.sorted()[times.count / 2], bytes)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let pretty = JSONEncoder()
    pretty.outputFormatting = [.sortedKeys, .prettyPrinted]
    let own = try median { try JSONReportFormat.encode(report).count }
    let foundation = try median { try encoder.encode(report).count }
    let foundationPretty = try median { try pretty.encode(report).count }
    let roundTrip = try JSONReportFormat.decode(try encoder.encode(report), path: "JSONEncoder") == report
    for (name, result) in [
        ("flakecheck's writer (indented)", own), ("JSONEncoder, sorted keys", foundation),
        ("JSONEncoder, sorted keys, indented", foundationPretty),
    ] {
        print(
            name
                + String(
                    format: ": %.3f s, %.1f MB/s, %d bytes", result.seconds,
                    Double(result.bytes) / 1_000_000 / result.seconds, result.bytes))
    }
    print("JSONEncoder's output decodes to the same report: \(roundTrip)")
    exit(0)
}
let recordsTranscript = arguments.contains("--transcript")
guard let path = arguments.first(where: { !$0.hasPrefix("--") }), let handle = FileHandle(forReadingAtPath: path) else {
    FileHandle.standardError.write(Data("usage: parser-benchmark FILE [--transcript]\n".utf8))
    exit(64)
}
var parser = ConsoleParser()
var transcript = RunTranscript()
var events = 0
var bytes = 0
let start = Date()
while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
    bytes += chunk.count
    parser.feed(chunk) { event in
        events += 1
        if recordsTranscript { transcript.record(event) }
    }
}
parser.finish { event in
    events += 1
    if recordsTranscript { transcript.record(event) }
}
let seconds = Date().timeIntervalSince(start)
var usage = rusage()
getrusage(0, &usage)  // 0 is RUSAGE_SELF on Linux and macOS; Glibc imports the constant as an enum
#if os(macOS)
    let peakMegabytes = Double(usage.ru_maxrss) / 1_048_576  // bytes on macOS
#else
    let peakMegabytes = Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
#endif
print(
    String(
        format: "%d bytes, %d events, %d unrecognised lines, %d entries, %.3f s, %.1f MB/s, peak RSS %.1f MB",
        bytes, events, parser.unrecognisedLines, transcript.entries.count, seconds,
        Double(bytes) / 1_000_000 / seconds, peakMegabytes))
