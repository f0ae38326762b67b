import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckSupport
import Foundation

/// Reads one saved log (or standard input) in chunks, and the results of every run it holds.
package enum LogAnalysis {
    /// Calls `result` with each test's result in each iteration as soon as it is known, and returns how
    /// many iterations the log held.
    package static func read(_ path: String?, catalog: TestCatalog?, result: (SavedLogProcesses.Result) -> Void) throws
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
        var analysis = SavedLogProcesses(catalog: catalog)
        while let batch = try events.take() {
            for event in batch { analysis.record(event, emit: result) }
        }
        analysis.finish(emit: result)
        return (analysis.iterations, analysis.incidents)
    }

    /// Every saved log of `files` (a nil path: standard input; `shown`: how errors name it), read in turn:
    /// a run record per iteration each holds (its incidents with it), and every test's facts over them all.
    /// Here, with the reading, so the compiler specialises the whole loop for this one caller.
    package static func readAll(_ files: [(path: String?, shown: String)], catalog: TestCatalog?) throws -> (
        records: [RunRecord], facts: [TestFacts]
    ) {
        var aggregator = ResultAggregator()
        var records: [RunRecord] = []
        for file in files {
            let firstRun = records.count
            // The aggregator's slot of each of this log's test numbers (-1 until its first result).
            var slots: [Int] = []
            let (iterations, incidents) = try read(file.path, catalog: catalog) {
                if $0.test >= slots.count {
                    slots.append(contentsOf: repeatElement(-1, count: $0.test + 1 - slots.count))
                }
                if slots[$0.test] < 0 { slots[$0.test] = aggregator.slot(of: $0.identity) }
                aggregator.record($0.result, slot: slots[$0.test], runIndex: firstRun + $0.iteration)
            }
            // An empty run would read as "every test not run" and hide that the file is not a test log.
            guard iterations > 0 else {
                throw FlakeCheckError.unreadableFile(
                    file.shown,
                    reason: "it has no XCTest or Swift Testing result line; "
                        + "is it the output of `swift test`? (remove it from the list to parse the others)")
            }
            for iteration in 0..<iterations {
                // Absolute: the report's links then work from its folder and from any folder it is rendered to.
                var record = RunRecord(index: firstRun + iteration, strategy: nil, processes: [], logPath: file.path)
                record.logIteration = iterations > 1 ? iteration + 1 : nil
                let own = incidents.filter { $0.iteration == iteration }.map(\.incident)
                record.incidents = own.isEmpty ? nil : own
                records.append(record)
            }
        }
        return (records, aggregator.facts(runs: records.count))
    }

    /// Parses the whole file into `events`, in batches, and ends it (with the read error, if any).
    private static func readEvents(from handle: FileHandle, path: String?, into events: BoundedHandoff<TestEvent>) {
        var parser = ConsoleParser()
        parser.readsCILogs = true
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
            // A log whose lines end in CR alone (no LF in its first 64 KiB, several CRs) is read with each CR
            // as a line's end.
            var crOnly: Bool?
            while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
                if crOnly == nil { crOnly = !chunk.contains(0x0A) && chunk.lazy.filter { $0 == 0x0D }.count > 1 }
                if crOnly == true {
                    parser.feed(Data(chunk.map { $0 == 0x0D ? 0x0A : $0 }), emit: add)
                } else {
                    parser.feed(chunk, emit: add)
                }
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
