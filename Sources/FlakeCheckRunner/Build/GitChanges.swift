import FlakeCheckModel
import FlakeCheckSupport
import Foundation

/// Reads what changed in a package since a git revision, with the `git` on the machine, as any user's
/// script would: `git diff --unified=0 REF -- .` (committed and uncommitted changes against REF), the
/// untracked files, and `git show REF:path` for a file's text at REF.
package struct GitChanges: Sendable {
    package var packagePath: String
    package var environment: [String: String]
    package var launcher: any ProcessLaunching
    package var cancellation: CancellationFlag

    package init(
        packagePath: String, environment: [String: String], launcher: any ProcessLaunching,
        cancellation: CancellationFlag
    ) {
        self.packagePath = packagePath
        self.environment = environment
        self.launcher = launcher
        self.cancellation = cancellation
    }

    /// The change set since `revision`, or a clear error: not a repository, an unknown revision, or a
    /// shallow clone that lacks it (CI checkouts fetch one commit unless told otherwise).
    package func changes(since revision: String) throws -> ChangeSet {
        try verify(revision)
        let diff = try git(["diff", "--unified=0", "--no-color", "--no-ext-diff", "--relative", revision, "--", "."])
        guard diff.exit.succeeded else {
            throw FlakeCheckError.changesUnreadable("`git diff \(revision)` failed: \(diff.output.prefix(500))")
        }
        var changes = Self.parse(diff: diff.output, root: packagePath)
        changes.revision = revision
        let untracked = try git(["ls-files", "--others", "--exclude-standard", "--", "."])
        for path in untracked.output.split(separator: "\n") where path.hasSuffix(".swift") {
            changes.addedFiles.insert(packagePath + "/" + path)
        }
        return changes
    }

    /// Whether `revision` can be compared with, or a clear error: checked before the build too, so a bad or
    /// shallow ref costs a second, not a whole build.
    package func verify(_ revision: String) throws {
        let inside = try git(["rev-parse", "--is-inside-work-tree"])
        guard inside.exit.succeeded, inside.output.hasPrefix("true") else {
            throw FlakeCheckError.changesUnreadable(
                "\(packagePath) is not in a git work tree, so --changed-since "
                    + "has nothing to compare with")
        }
        guard try git(["rev-parse", "--verify", "--quiet", revision + "^{commit}"]).exit.succeeded else {
            let shallow = try git(["rev-parse", "--is-shallow-repository"]).output.hasPrefix("true")
            throw FlakeCheckError.changesUnreadable(
                shallow
                    ? "\(revision) is not in this clone: it is shallow. Fetch the history first (GitHub Actions: "
                        + "actions/checkout with fetch-depth: 0; or `git fetch --unshallow origin`)"
                    : "\(revision) names no commit here (fetch it first, e.g. `git fetch origin main`)")
        }
    }

    /// The text `file` (absolute, inside the package) had at `revision`; nil when it did not exist.
    package func text(of file: String, at revision: String) throws -> String? {
        guard file.hasPrefix(packagePath + "/") else { return nil }
        let relative = String(file.dropFirst(packagePath.count + 1))
        let shown = try git(["show", "\(revision):./\(relative)"])
        return shown.exit.succeeded ? shown.output : nil
    }

    /// The Swift files (absolute) that declared a function `name` at `revision`: where a test whose file is
    /// new may have moved from (`git grep`, which reads the revision without checking it out).
    package func files(declaring name: String, at revision: String) throws -> [String] {
        let found = try git([
            "grep", "-l", "-E", "func[[:space:]]+\(name)[[:space:]]*[<(]", revision, "--", "*.swift",
        ])
        guard found.exit.succeeded else { return [] }
        return found.output.split(separator: "\n").map { line in
            packagePath + "/" + line.dropFirst(revision.count + 1)
        }
    }

    /// `git diff --unified=0` output: each `+++ b/path` starts a file, each `@@ -a,b +c,d @@` hunk says
    /// which lines (as numbered now) are new; `+++ /dev/null` is a deleted file.
    package static func parse(diff: String, root: String) -> ChangeSet {
        var changed: [String: [ClosedRange<Int>]] = [:]
        var added: Set<String> = []
        var file: String?
        var previousWasNewFile = false
        for line in diff.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("--- ") {
                previousWasNewFile = line == "--- /dev/null"
            } else if line.hasPrefix("+++ ") {
                let path = line.dropFirst(4)
                file = path == "/dev/null" ? nil : root + "/" + (path.hasPrefix("b/") ? path.dropFirst(2) : path)
                if let file, previousWasNewFile { added.insert(file) }
            } else if line.hasPrefix("@@ "), let file, let range = hunkRange(line) {
                changed[file, default: []].append(range)
            }
        }
        return ChangeSet(revision: "", changedLines: changed, addedFiles: added)
    }

    /// `@@ -10,2 +12,3 @@` → 12...14; `+12,0` (lines removed after line 12) → 12...13.
    static func hunkRange(_ line: Substring) -> ClosedRange<Int>? {
        guard let plus = line.range(of: " +") else { return nil }
        let spec = line[plus.upperBound...].prefix { $0.isNumber || $0 == "," }
        let parts = spec.split(separator: ",", omittingEmptySubsequences: false)
        guard let start = parts.first.flatMap({ Int($0) }) else { return nil }
        let count = parts.count > 1 ? Int(parts[1]) ?? 1 : 1
        return count == 0 ? max(1, start)...(start + 1) : start...(start + count - 1)
    }

    private func git(_ arguments: [String]) throws -> (exit: ProcessExit, output: String) {
        var output = [UInt8]()
        let request = ProcessRequest(
            executable: "git", arguments: ["-C", packagePath] + arguments, environment: environment,
            workingDirectory: packagePath, timeout: 120)
        let exit = try launcher.run(request, cancellation: cancellation) { output += $0 }
        return (exit, String(decoding: output, as: UTF8.self))
    }
}
