import FlakeCheckCore
import Foundation

// Measures the console parser alone: reads FILE in 64 KiB chunks (as flakecheck reads a pipe), feeds
// every byte through ConsoleParser (XCTest and Swift Testing lines), counts the events, and prints MB/s
// and its own peak resident memory. With --transcript the events are also folded into a RunTranscript,
// which is what flakecheck does for each test process. Used by Scripts/parser-throughput.sh; not part of
// the flakecheck command.
let arguments = Array(CommandLine.arguments.dropFirst())
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
print(String(format: "%d bytes, %d events, %d unrecognised lines, %d entries, %.3f s, %.1f MB/s, peak RSS %.1f MB",
             bytes, events, parser.unrecognisedLines, transcript.entries.count, seconds,
             Double(bytes) / 1_000_000 / seconds, peakMegabytes))
