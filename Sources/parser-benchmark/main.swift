import FlakeCheckCore
import Foundation

// Measures the console parser alone: reads FILE in 64 KiB chunks, feeds every byte through
// ConsoleParser (XCTest and Swift Testing lines), counts the events, and prints MB/s.
// Used by Scripts/parser-throughput.sh; not part of the flakecheck command.
guard CommandLine.arguments.count == 2, let handle = FileHandle(forReadingAtPath: CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: parser-benchmark FILE\n".utf8))
    exit(64)
}
var parser = ConsoleParser()
var events = 0
var bytes = 0
let start = Date()
while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
    bytes += chunk.count
    parser.feed(chunk) { _ in events += 1 }
}
parser.finish { _ in events += 1 }
let seconds = Date().timeIntervalSince(start)
print(String(format: "%d bytes, %d events, %d unrecognised lines, %.3f s, %.1f MB/s",
             bytes, events, parser.unrecognisedLines, seconds, Double(bytes) / 1_000_000 / seconds))
