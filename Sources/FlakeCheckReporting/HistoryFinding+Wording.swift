import FlakeCheckModel
import FlakeCheckSupport

extension HistoryFinding {
    /// One line per finding: "passed and failed on the same commit: 3 commits (a1b2c3, d4e5f6, 0a9b8c)",
    /// "passed on a CI rerun after failing, in 4 runs", "failing since run 812 (file, commit a1b2c3)".
    package var sentences: [String] {
        var lines: [String] = []
        if flipCommitCount > 0 {
            let more = flipCommitCount > flipCommits.count ? ", …" : ""
            lines.append(
                "passed and failed on the same commit: \(Formatting.count(flipCommitCount, "commit")) ("
                    + flipCommits.joined(separator: ", ") + more + ")")
        }
        if passedAfterRerun > 0 {
            lines.append("passed on a CI rerun after failing, in \(Formatting.count(passedAfterRerun, "run"))")
        }
        if let run = failingSinceRun {
            lines.append(
                "failing since run \(run)"
                    + (failingSinceFile.map { " (\($0)" + (failingSinceCommit.map { ", commit \($0))" } ?? ")") } ?? "")
            )
        }
        return lines
    }
}
