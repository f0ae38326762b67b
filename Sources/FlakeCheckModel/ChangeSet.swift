/// What a change did to a package's files since a git revision (`run --changed-since REF`): the lines of
/// each file that are new or changed now, and the files that are new. Paths are absolute.
package struct ChangeSet: Sendable, Equatable {
    /// The revision as the user named it (`origin/main`, `HEAD~1`).
    package var revision: String
    /// Per file, its changed lines as they are numbered now (1-based); a deletion marks the lines around it.
    package var changedLines: [String: [ClosedRange<Int>]]
    /// Files that did not exist at the revision (added, or not yet tracked).
    package var addedFiles: Set<String>

    package init(revision: String, changedLines: [String: [ClosedRange<Int>]], addedFiles: Set<String>) {
        self.revision = revision
        self.changedLines = changedLines
        self.addedFiles = addedFiles
    }

    /// Whether any of the file's lines in `lines` changed.
    package func touches(_ file: String, _ lines: ClosedRange<Int>) -> Bool {
        addedFiles.contains(file) || (changedLines[file] ?? []).contains { $0.overlaps(lines) }
    }
}

/// Why `--changed-since` chose a test.
public enum TestChange: Equatable, Codable, Sendable {
    /// The test did not exist at the revision.
    case new
    /// The test's own body changed.
    case changed
    /// The test calls, through at most `--change-depth` calls, `function`, whose body changed; `through`
    /// names the functions between the test and it (nil for a direct call).
    case calls(function: String, through: [String]? = nil)
}
