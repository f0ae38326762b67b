import Foundation

/// The event stream a Swift Testing process wrote to `--event-stream-output-path`: read once the
/// process has ended, then deleted (scratch space is per run).
package enum EventStreamFile {
    /// Reads the event stream file in chunks (it can be large) and deletes it. `warn` hears of record
    /// versions newer than this parser knows.
    package static func read(at path: String, warn: (String) -> Void = { _ in }) -> RunTranscript {
        var parser = EventStreamParser()
        var transcript = RunTranscript()
        if let handle = FileHandle(forReadingAtPath: path) {
            while let chunk = try? handle.read(upToCount: 1 << 16), !chunk.isEmpty {
                parser.feed(chunk) { transcript.record($0) }
            }
            try? handle.close()
        }
        parser.finish { transcript.record($0) }
        if !parser.unknownVersions.isEmpty {
            warn(
                "the event stream has records of version \(parser.unknownVersions.sorted().joined(separator: ", ")), "
                    + "newer than this flakecheck knows (0, 6.3, 6.4); they were read as 6.4 records")
        }
        try? FileManager.default.removeItem(atPath: path)
        return transcript
    }
}
