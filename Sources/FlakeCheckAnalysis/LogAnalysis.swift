import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckSupport
import Foundation

/// Reads one saved log (or standard input) in chunks, and the results of every run it holds.
package enum LogAnalysis {
    /// Calls `result` with each test's result in each iteration as soon as it is known, and returns how
    /// many iterations the log held.
    package static func read(_ path: String?, catalog: TestCatalog?, result: (SavedLogAnalysis.Result) -> Void) throws
        -> (iterations: Int, incidents: [(iteration: Int, incident: RunIncident)])
    {
        guard let handle = path.map({ FileHandle(forReadingAtPath: $0) }) ?? FileHandle.standardInput else {
            throw FlakeCheckError.unreadableFile(path ?? "-", reason: "cannot open it")
        }
        defer { if path != nil { try? handle.close() } }
        // Lines are read and classified on a thread of their own, and their events settled here.
        let events = BoundedHandoff<TestEvent>(capacity: 8)
        let reader = Thread { readEvents(from: handle, path: path, into: events) }
        reader.start()
        var analysis = SavedLogAnalysis(catalog: catalog)
        while let batch = try events.take() {
            for event in batch { analysis.record(event, emit: result) }
        }
        analysis.finish(emit: result)
        return (analysis.iterations, analysis.incidents)
    }

    /// Parses the whole file into `events`, in batches, and ends it (with the read error, if any).
    private static func readEvents(from handle: FileHandle, path: String?, into events: BoundedHandoff<TestEvent>) {
        var parser = ConsoleParser()
        var batch: [TestEvent] = []
        batch.reserveCapacity(eventsPerBatch)
        let add = { (event: TestEvent) in
            batch.append(event)
            if batch.count == eventsPerBatch {
                events.put(batch)
                batch = []
                batch.reserveCapacity(eventsPerBatch)
            }
        }
        do {
            while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
                parser.feed(chunk, emit: add)
            }
        } catch {
            events.end(throwing: FlakeCheckError.unreadableFile(path ?? "-", reason: "\(error)"))
            return
        }
        parser.finish(emit: add)
        events.put(batch)
        events.end()
    }

    private static let eventsPerBatch = 1_024
}
