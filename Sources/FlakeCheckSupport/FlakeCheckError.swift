
/// Every way flakecheck can fail before it has numbers, each with a message that says what to do next.
/// The exit code tells CI whether the problem was the command line (64) or the package (2).
package enum FlakeCheckError: Error, Equatable, CustomStringConvertible {
    case usage(String)
    case packageNotFound(String)
    /// `--changed-since`: git could not say what changed (the reason says what to do).
    case changesUnreadable(String)
    /// `--changed-since REF`: no test is new, changed or calls a changed function: nothing to run, and
    /// nothing wrong (exit 0).
    case nothingChanged(String)
    /// `demo` found its example package neither here nor next to the executable.
    case exampleNotFound(String)
    case buildFailed(command: String, diagnostics: String)
    case testBinaryMissing(String)
    /// `parse --package-path` reads a package already built, and builds nothing: its own words, naming
    /// only options `parse` has.
    case parsePackageNotBuilt(binPath: String, packagePath: String)
    case noTestsMatched(filters: [String], skips: [String], available: Int, literalHint: String? = nil)
    case discoveryFailed(String)
    case cannotStartProcess(String, reason: String)
    case unreadableFile(String, reason: String)
    case outputNotWritable(String, reason: String)
    /// Another flakecheck process is running with the same output folder (`holder`: its process ID).
    case outputInUse(String, holder: String?)
    /// `merge` was given shard reports with some of the planned shards missing.
    case missingShards([Int], of: Int)
    case invalidReport(String, reason: String)
    /// `run --archive`: the archive cannot be used here (unreadable, or built with another toolchain).
    case unusableArchive(String, reason: String)
    /// Ctrl-C before any test ran: nothing was measured, so no report is written.
    case interrupted(during: String)

    /// An outcome told as news, not as an error (`nothingChanged`).
    package var isNotice: Bool {
        if case .nothingChanged = self { return true }
        return false
    }

    package var exitCode: Int32 {
        if case .usage = self { return ExitCode.usage }
        if case .interrupted = self { return ExitCode.interrupted }
        if case .nothingChanged = self { return ExitCode.success }
        return ExitCode.nothingMeasured
    }

    package var description: String {
        switch self {
        case .usage(let message):
            return message
        case .packageNotFound(let path):
            return "no Package.swift in '\(path)'. Pass the package folder with --package-path DIR."
        case .changesUnreadable(let reason):
            return reason + "."
        case .nothingChanged(let revision):
            return "No test changed since \(revision): none is new, none has a changed body, none calls a changed "
                + "function. Nothing to run."
        case .exampleNotFound(let path):
            return
                "the demo's example package (\(path)) is neither in this folder nor next to flakecheck. Run the demo "
                + "from a clone of the flakecheck repository, or pass the example's folder with --package-path DIR."
        case .buildFailed(let command, let diagnostics):
            return "the build failed, so nothing was run. Fix these errors and run flakecheck again:\n"
                + diagnostics + "\n(command: \(command))"
        case .testBinaryMissing(let path):
            return "no test binary in '\(path)'. Build the tests (drop --no-build), or check --configuration."
        case .parsePackageNotBuilt(let binPath, let packagePath):
            return "no test binary in '\(binPath)': parse reads the test list of a package already built and "
                + "builds nothing. Build it first (swift build --build-tests --package-path \(packagePath)), or "
                + "leave out --package-path to read the log by the names it prints."
        case .noTestsMatched(let filters, let skips, let available, let literalHint):
            let filterText = filters.isEmpty ? "" : " --filter " + filters.joined(separator: " --filter ")
            let skipText = skips.isEmpty ? "" : " --skip " + skips.joined(separator: " --skip ")
            return "no test matched\(filterText)\(skipText) (the package has \(Formatting.count(available, "test"))). "
                + (literalHint.map { $0 + " " } ?? "")
                + "Filters are regular expressions matched against IDs such as 'MyTests.MyClass/testName' "
                + "and 'MyTests.MySuite/name()', or whole IDs; `flakecheck list` prints them."
        case .discoveryFailed(let message):
            return "could not list the package's tests: \(message)"
        case .cannotStartProcess(let executable, let reason):
            return "could not start '\(executable)': \(reason)"
        case .unreadableFile(let path, let reason):
            return "cannot read '\(path)': \(reason)"
        case .outputNotWritable(let path, let reason):
            return "cannot write to the output folder '\(path)': \(reason). Choose another with --output DIR."
        case .missingShards(let missing, let planned):
            let names = missing.map { "\($0)/\(planned)" }.joined(separator: ", ")
            return
                "shard\(missing.count == 1 ? "" : "s") \(names) \(missing.count == 1 ? "is" : "are") missing: the run "
                + "was "
                + "planned as \(planned) shards, and a merge of the others would count and gate on part of the runs. "
                + "Pass every shard's report.json (a shard whose job failed must be re-run, not left out)."
        case .outputInUse(let path, let holder):
            return
                "another flakecheck run\(holder.map { " (process \($0))" } ?? "") is writing to '\(path)': two runs in "
                + "one folder would delete each other's logs and scratch files. Wait for it to finish, or give this "
                + "run "
                + "its own folder with --output DIR."
        case .invalidReport(let path, let reason):
            return "'\(path)' is not a report flakecheck can read: \(reason)"
        case .unusableArchive(let path, let reason):
            return "cannot run the tests of the archive '\(path)': \(reason)"
        case .interrupted(let stage):
            return "interrupted during \(stage); no test ran, so no report was written."
        }
    }
}

/// The exit codes flakecheck documents in its README and `--help`.
package enum ExitCode {
    /// Every selected test met the gate.
    package static let success: Int32 = 0
    /// At least one test fell below `--min-pass-rate` (or never ran).
    package static let gateFailed: Int32 = 1
    /// Nothing could be measured: no package, build failure, no matching test, unreadable input.
    package static let nothingMeasured: Int32 = 2
    /// The tests were measured and the table and gate printed, but the report files could not be written
    /// (a full disk, a folder gone read-only); the folder keeps its last complete result.
    package static let reportNotWritten: Int32 = 3
    /// The command line was wrong.
    package static let usage: Int32 = 64
    /// Interrupted with Ctrl-C; the report for finished runs was still written.
    package static let interrupted: Int32 = 130
}
