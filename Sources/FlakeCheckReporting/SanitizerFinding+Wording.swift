import FlakeCheckModel
import FlakeCheckSupport

/// How every format shows a ThreadSanitizer finding: what raced, how often, the tests on its stacks, where
/// the memory is, and each access's stack folded to the project's own frames (paths relative to the
/// package), since the runtime's and libdispatch's frames are the same in every report.
extension SanitizerFinding {
    /// Frames shown when none of a stack's frames is the project's own.
    static let framesWithoutProjectFrames = 3

    /// The heading line: `Swift access race Sources/Racy/Counter.swift in Racy.record(Swift.String) -> ()`.
    package var title: String { report.summary }

    /// `in 12 of 20 runs (first: run 1); tests on its stacks: A, B`.
    /// With no test on its stacks, what the search showed: `appears only when A and B run together`.
    package func occurrence(runs total: Int) -> String {
        "in \(runs.count) of \(Formatting.count(total, "run")) (first: run \(runs.first ?? 0)); "
            + (tests.isEmpty
                ? "no selected test's own function is on its stacks" + (search.map { "; " + $0.worded } ?? "")
                : "tests on its stacks: \(tests.joined(separator: ", "))")
    }

    /// The location and each access with its folded stack, one line each, indented.
    func detailLines(packagePath: String?) -> [String] {
        var lines = report.location.map { ["memory: \($0)"] } ?? []
        for access in report.accesses {
            lines.append(access.description + ":")
            let own = access.frames.filter { Self.isOwn($0, packagePath: packagePath) }
            let shown = own.isEmpty ? Array(access.frames.prefix(Self.framesWithoutProjectFrames)) : own
            for frame in shown {
                let place = frame.file.map { Self.relative($0, to: packagePath) + (frame.line.map { ":\($0)" } ?? "") }
                lines.append("  " + frame.function + (place.map { "  " + $0 } ?? ""))
            }
            if shown.count < access.frames.count {
                lines.append("  (\(access.frames.count - shown.count) frames of the runtime and libraries left out)")
            }
        }
        return lines
    }

    private static func isOwn(_ frame: SanitizerReport.Frame, packagePath: String?) -> Bool {
        guard let file = frame.file, let packagePath, file.hasPrefix(packagePath + "/") else { return false }
        return !file.dropFirst(packagePath.count).hasPrefix("/.build")
    }

    private static func relative(_ file: String, to packagePath: String?) -> String {
        guard let packagePath, file.hasPrefix(packagePath + "/") else { return file }
        return String(file.dropFirst(packagePath.count + 1))
    }
}

extension SanitizerSearch {
    /// `re-running run 3's 5 tests under the sanitizer, it appears only when A and B run together (neither
    /// alone brought it back; 18 runs)`, or that it came back with one test alone, or with none.
    package var worded: String {
        let searched = "re-running run \(run)'s \(Formatting.count(candidates, "test")) under the sanitizer"
        switch tests.count {
        case 0:
            return searched + ", alone and in smaller sets, did not bring it back in \(Formatting.count(runs, "run"))"
        case 1: return searched + ", it came back with \(tests[0]) running alone (\(Formatting.count(runs, "run")))"
        default:
            return searched
                + ", it appears only when \(tests.joined(separator: " and ")) run together (neither alone brought it "
                + "back; \(Formatting.count(runs, "run")))"
        }
    }
}

extension FlakeReport {
    /// The findings block the terminal and Markdown print: nil when there is none to show.
    func sanitizerLines() -> [String]? {
        guard configuration.sanitizer != nil else { return nil }
        let findings = sanitizerFindings ?? []
        // In-process mode keeps two records for one run: count runs as the summary line does.
        let runCount = TerminalReport.distinctRuns(self)
        guard !findings.isEmpty else {
            return ["ThreadSanitizer reported no race in \(Formatting.count(runCount, "run"))."]
        }
        var lines = [
            "ThreadSanitizer: \(Formatting.count(findings.count, "race")) (report.json sanitizerFindings; "
                + "the kept logs hold each report as written):"
        ]
        for finding in findings {
            lines.append("- " + finding.title)
            lines.append("  " + finding.occurrence(runs: runCount))
            lines += finding.detailLines(packagePath: configuration.packagePath).map { "    " + $0 }
        }
        return lines
    }
}
