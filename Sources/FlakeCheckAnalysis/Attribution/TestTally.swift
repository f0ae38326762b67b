import FlakeCheckModel

/// Everything flakecheck remembers about one test across runs.
///
/// Memory is one byte of history per run plus one duration per timed run, so even 10,000 runs of a
/// test cost well under a megabyte; logs are never kept in memory.
package struct TestTally: Sendable {
    package var identity: TestIdentity
    /// One entry per run index, `notRun` until a result arrives.
    package private(set) var history: [TestOutcome] = []
    package private(set) var durations: [Double] = []
    package private(set) var failureCounts: [FailureRecord: FailureTally] = [:]
    /// The newest reason the test gave for being skipped.
    package var skipReason: String?

    /// Failures of one shape (`FailureShape`) and location.
    package struct FailureTally: Sendable, Equatable {
        package var count: Int
        /// The first few run indices that recorded it, so reports can link to their kept logs.
        package var runIndices: [Int]
        /// The first message of this shape, as printed: what reports show.
        package var example: String = ""

        /// One more run that recorded it.
        mutating func record(_ runIndex: Int) {
            count += 1
            if runIndices.count < 10 { runIndices.append(runIndex) }
        }
    }

    package init(identity: TestIdentity) {
        self.identity = identity
    }

    /// Failures a merged shard report no longer itemised (its `otherFailures`): counted, not shown.
    package var otherFailures = 0

    /// Rebuilds a tally from what a report kept (used by `merge`, which recomputes every number from it).
    package init(
        identity: TestIdentity, history: [TestOutcome], durations: [Double],
        failureCounts: [FailureRecord: FailureTally], otherFailures: Int = 0
    ) {
        self.otherFailures = otherFailures
        self.identity = identity
        self.history = history
        self.durations = durations
        self.failureCounts = failureCounts
    }

    /// A second result for the same run (a saved log that reports a test again, such as a failure printed
    /// after its end line) merges into the first: the worse outcome stands and its duration is not counted twice.
    package mutating func record(_ result: TestResult, runIndex: Int) {
        if history.count <= runIndex {
            history.append(contentsOf: repeatElement(.notRun, count: runIndex + 1 - history.count))
        }
        if let reason = result.skipReason { skipReason = reason }
        let isFirstResult = history[runIndex] == .notRun
        if result.outcome.severity > history[runIndex].severity { history[runIndex] = result.outcome }
        if isFirstResult, let duration = result.duration, result.outcome != .skipped, result.outcome != .notRun {
            durations.append(duration)
        }
        // One count per run and shape, however often the run repeated it; the first message is the example.
        // A run has a failure or two: the shapes counted so far are compared, not hashed into a set.
        var counted: [FailureRecord] = []
        for failure in result.failures {
            let key = locatedKey(groupingKey(failure))
            guard !counted.contains(key) else { continue }
            if result.failures.count > 1 { counted.append(key) }
            // Changed in place: one hash of the key, where a read and a write hashed it twice.
            failureCounts[key, default: FailureTally(count: 0, runIndices: [], example: failure.shownMessage)]
                .record(runIndex)
        }
    }

    /// Grouping keys of recent messages: a test fails with the same few messages run after run, and a
    /// lookup is much cheaper than working out the shape again (a long saved log has tens of thousands).
    private var recentGroupingKeys: [FailureRecord: FailureRecord] = [:]
    /// Whether any failure so far was located by a path, and any by a file's name only: only a test with
    /// both pays for `locatedKey`'s matching (the hot path of a long saved log has one kind).
    private var sawPathLocations = false
    private var sawNameOnlyLocations = false
    /// Once both kinds were seen: each key located by a path, under its file's name, so that a failure
    /// located by name finds its path's group with one lookup (a scan of every group cost a tenth of
    /// reading a log that mixes macOS and Linux output).
    private var pathKeysByName: [FailureRecord: FailureRecord]?

    private mutating func groupingKey(_ failure: FailureRecord) -> FailureRecord {
        if let known = recentGroupingKeys[failure] { return known }
        let key = Self.groupingKey(failure)
        if recentGroupingKeys.count >= 64 { recentGroupingKeys.removeAll(keepingCapacity: true) }
        recentGroupingKeys[failure] = key
        return key
    }

    /// Console text names a failure's file by its name, the event stream by its path, and a hunt reads
    /// some runs from the console (`PerturbationConditions.consoleOnly`): the same failure read either way
    /// is one group, kept under the path, so reports count it once and annotations can place it.
    private mutating func locatedKey(_ key: FailureRecord) -> FailureRecord {
        guard let location = key.location else { return key }
        guard location.utf8.contains(UInt8(ascii: "/")) else {
            sawNameOnlyLocations = true
            guard sawPathLocations else { return key }
            if pathKeysByName == nil {
                var byName: [FailureRecord: FailureRecord] = [:]
                for located in failureCounts.keys {
                    guard let named = Self.named(located) else { continue }
                    if byName[named] == nil { byName[named] = located }
                }
                pathKeysByName = byName
            }
            return pathKeysByName?[key] ?? key
        }
        sawPathLocations = true
        guard sawNameOnlyLocations, let named = Self.named(key) else { return key }
        if pathKeysByName?[named] == nil { pathKeysByName?[named] = key }
        guard let earlier = failureCounts.removeValue(forKey: named) else { return key }
        var merged = failureCounts[key] ?? FailureTally(count: 0, runIndices: [], example: earlier.example)
        merged.count += earlier.count
        merged.runIndices = Array(Set(merged.runIndices + earlier.runIndices).sorted().prefix(10))
        failureCounts[key] = merged
        return key
    }

    /// `key` located by its file's name instead of its path; nil for a key not located by a path.
    private static func named(_ key: FailureRecord) -> FailureRecord? {
        guard let location = key.location, let slash = location.lastIndex(of: "/") else { return nil }
        return FailureRecord(
            message: key.message, location: String(location[location.index(after: slash)...]),
            arguments: key.arguments)
    }

    /// The grouping key of a failure: its shape (`FailureShape`), location and failing arguments, so two
    /// arguments that fail alike are still told apart.
    static func groupingKey(_ failure: FailureRecord) -> FailureRecord {
        FailureRecord(
            message: FailureShape.key(of: failure.message), location: failure.location, arguments: failure.arguments)
    }

    /// Pads the history so it has one entry per run, for runs that never reported this test.
    package mutating func pad(toRuns runs: Int) {
        if history.count < runs {
            history.append(contentsOf: repeatElement(.notRun, count: runs - history.count))
        }
    }

    package func count(_ outcome: TestOutcome) -> Int {
        history.reduce(0) { $0 + ($1 == outcome ? 1 : 0) }
    }
}
