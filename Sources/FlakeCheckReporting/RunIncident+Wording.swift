import FlakeCheckModel
import FlakeCheckSupport

/// A run's incident in words, from its kind, its tests and its cause.
extension RunIncident {
    /// What happened, as the terminal, the reports and the gate say it.
    package var message: String {
        switch cause {
        case .endedWithoutResults(let missing, let tests):
            return
                "the process ended normally but reported no result for \(missing) of its "
                + "\(Formatting.count(tests, "test"))"
        case .unreportedAfterRetries(let missing):
            return
                "no process reported \(missing) selected test\(missing == 1 ? "" : "s") after every retry flakecheck "
                + "allows"
        case .summaryCountsMore(let framework, let counted, let shown):
            return "\(framework == .xctest ? "XCTest" : "Swift Testing")'s end-of-run summary counts "
                + "\(Formatting.count(counted, "test")), but the output showed only \(shown) of them: the others' "
                + "results were lost on their way, and which tests they were the output does not say"
        case .logEndedEarly(let framework, let missing):
            return "the log of this run ends without \(framework == .xctest ? "XCTest" : "Swift Testing")'s end-of-run "
                + "summary, before \(Formatting.count(missing, "test")) of the package reported a result (the run "
                + "died, or they were not selected)"
        case .crashedWhileRunning(let failure, let running):
            let crashed = kind == .crash ? "crashed" : "hung"
            if let blamed, !blamed.isEmpty {
                return "\(failure), with \(Formatting.count(running, "test")) running; re-run alone, "
                    + "\(Self.list(blamed)) \(crashed) again and \(blamed.count == 1 ? "is" : "are") blamed; "
                    + "the others keep their results from running alone"
            }
            return
                "\(failure), with \(Formatting.count(running, "test")) running in parallel; none \(crashed) when "
                + "re-run "
                + "alone, so each of them counts as \(kind == .crash ? "crashed" : "timed out") in this run "
                + "(candidates: \(Self.list(candidates)))"
        case .endedAfterResults(let failure, let reported):
            let tests = Formatting.count(reported, "test")
            if let blamed, !blamed.isEmpty {
                return "\(failure), after \(tests) had reported their results; re-run alone, \(Self.list(blamed)) "
                    + "did so again and \(blamed.count == 1 ? "is" : "are") blamed; the others keep their results "
                    + "from running alone"
            }
            if blamed == nil {
                return "\(failure), after \(tests) had reported their results; the log cannot say which one took "
                    + "the process down (suspects: \(Self.list(candidates)))"
            }
            return "\(failure), after \(tests) had reported their results; none did so again when re-run alone, "
                + "so each of them counts as \(kind == .crash ? "crashed" : "timed out") in this run "
                + "(candidates: \(Self.list(candidates)))"
        case .couldNotStart(let reason):
            return reason
        case .indistinguishable(let printedName, let ends):
            return "\(candidates.count) tests print as `\(printedName)` and ran at the same time; their ends "
                + "(\(ends.map(\.rawValue).joined(separator: ", "))) cannot be told apart from the log, so none "
                + "counts (flakecheck run reads the event stream, which can)"
        case .diedWhileRunning(let crashLine, let running):
            let failure = crashLine.map { "the process crashed (\($0))" } ?? "the process crashed or was killed"
            return "\(failure), with \(Formatting.count(running, "test")) in flight; the log cannot say which one took "
                + "the process down, so none of them has an outcome in this run (suspects: \(Self.list(candidates)))"
        case .reportedUnlisted(let outcome):
            return "a test process printed a result (\(outcome.rawValue)) for \(Self.list(candidates)), a name the "
                + "test binary's list does not have: it is not counted as a test"
        case .worded(let text):
            return text
        }
    }

    /// How the terminal and the HTML page head it: what could not be resolved, or who was blamed.
    package var title: String {
        isUnresolved ? kind.label : "\(kind.rawValue) pinned on \(blamed?.joined(separator: ", ") ?? "?")"
    }

    /// At most eight IDs, then how many more.
    package static func list(_ ids: [String]) -> String {
        ids.count <= 8
            ? ids.joined(separator: ", ") : ids.prefix(8).joined(separator: ", ") + " and \(ids.count - 8) more"
    }
}

extension RunIncident.Kind {
    /// How the terminal and the HTML page name it.
    package var label: String {
        switch self {
        case .crash: "unattributed crash"
        case .timeout: "unattributed timeout"
        case .lostResults: "lost results"
        case .spawnFailure: "could not start a test process"
        case .ambiguousResults: "ambiguous results"
        case .unlistedName: "result under an unlisted name"
        }
    }
}
