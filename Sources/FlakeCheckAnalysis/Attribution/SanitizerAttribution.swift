import FlakeCheckModel

/// Which tests a ThreadSanitizer report belongs to, and one finding per race across runs.
///
/// A report names functions, not tests: a test is on it when its own function is on one of the two
/// stacks (`RacyTests.RaceSuite.appendA() async -> ()` is `RacyTests.RaceSuite/appendA()`). A race
/// between two tests names both; a race inside library code started by no test's own frame names none,
/// and is still a finding.
package enum SanitizerAttribution {
    /// The IDs among `testIDs` (the process's tests) whose function is on the report's stacks.
    package static func tests(of report: SanitizerReport, among testIDs: [String]) -> [String] {
        let needles = testIDs.compactMap { id in needle(for: id).map { (id, $0) } }
        var found: [String] = []
        for frame in report.accesses.flatMap(\.frames) {
            for (id, needle) in needles where !found.contains(id) && frame.function.contains(needle) {
                found.append(id)
            }
        }
        return found
    }

    /// `Module.Class/testX` → `Class.testX(`; `Module.Suite/name(label:)` → `Suite.name(`; a top-level
    /// Swift Testing function `Module.name()` (no suite, so no `/`) → `Module.name(`.
    package static func needle(for id: String) -> String? {
        let components = id.split(separator: "/")
        if components.count == 1 {
            guard let open = id.firstIndex(of: "("), id[..<open].contains(".") else { return nil }
            return String(id[...open])
        }
        guard let function = components.last?.split(separator: "(").first, !function.isEmpty,
            let owner = components[components.count - 2].split(separator: ".").last
        else { return nil }
        return "\(owner).\(function)("
    }

    /// Frames of each access that make a race's identity: the racing function and its caller tell two
    /// races through one helper apart (`record(_:)` called by two tests, and by a third concurrently with
    /// itself), where the summary alone names only the helper.
    static let identifyingFrames = 2

    /// One finding per race: reports with the same kind, summary and top frames of each access are the
    /// same race met again. `reports` are each run's (1-based run number first). The summary's source path
    /// is made relative to `packagePath`, so that shards checked out in different folders name one race
    /// alike and merge into one finding.
    package static func findings(
        _ reports: [(run: Int, reports: [SanitizerReport])],
        packagePath: String? = nil
    ) -> [SanitizerFinding] {
        var findings: [SanitizerFinding] = []
        var byKey: [String: Int] = [:]
        for (run, runReports) in reports.sorted(by: { $0.run < $1.run }) {
            for var report in runReports {
                if let packagePath {
                    report.summary = report.summary.replacingOccurrences(of: packagePath + "/", with: "")
                }
                let key = key(of: report)
                if let index = byKey[key] {
                    if findings[index].runs.last != run { findings[index].runs.append(run) }
                    for test in report.tests where !findings[index].tests.contains(test) {
                        findings[index].tests.append(test)
                    }
                } else {
                    byKey[key] = findings.count
                    findings.append(SanitizerFinding(report: report, runs: [run], tests: report.tests))
                }
            }
        }
        return findings
    }

    /// A race's identity: its kind, summary and the top frames of each access (the summary's paths
    /// already relative to the package, as `findings` makes them).
    package static func key(of report: SanitizerReport) -> String {
        let tops = report.accesses.map {
            $0.frames.prefix(identifyingFrames).map(\.function).joined(separator: "\u{1}")
        }.sorted()
        let (kind, summary) = raceIdentity(kind: report.kind, summary: report.summary)
        return ([kind, summary] + tops).joined(separator: "\u{0}")
    }

    /// ThreadSanitizer names one race on a Swift variable a "Swift access race" in one run and a "data race"
    /// at a line in another, by which access it catches first (DataRaces' counter, 3 runs: two of one, one of
    /// the other): one kind for both, and the summary's place without its line and column. Other kinds stay.
    static func raceIdentity(kind: String, summary: String) -> (kind: String, summary: String) {
        guard racesOnOneVariable.contains(kind) else { return (kind, summary) }
        let place = summary.hasPrefix(kind) ? String(summary.dropFirst(kind.count)) : summary
        return ("race", lineAndColumn.replacingMatches(in: place, with: "").trimmingCharacters(in: .whitespaces))
    }

    private static let racesOnOneVariable: Set<String> = ["data race", "Swift access race"]
    private static let lineAndColumn = SourcePattern(#":\d+(?::\d+)?(?=\s|$)"#)

    /// Shards' findings as one machine's: the same race found by two shards is one finding with the runs
    /// and tests of both.
    package static func merged(_ shards: [[SanitizerFinding]]) -> [SanitizerFinding] {
        let reports = shards.joined().flatMap { finding in
            finding.runs.map { run in
                var report = finding.report
                report.tests = finding.tests
                return (run: run, reports: [report])
            }
        }
        // A shard's search result stays with its finding (the first shard's that searched).
        var merged = findings(reports)
        let searches = Dictionary(
            shards.joined().compactMap { finding in finding.search.map { (key(of: finding.report), $0) } },
            uniquingKeysWith: { first, _ in first })
        for index in merged.indices { merged[index].search = searches[key(of: merged[index].report)] }
        return merged
    }
}
