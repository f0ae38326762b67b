
/// What a failed build shows: its `error:` lines, or, when it printed none (a linker or a crashed
/// compiler), the last lines it printed. The rest of the output is not kept: a package whose tests do
/// not compile printed 362,745 lines.
struct BuildOutputTail {
    /// Enough for the first errors of a broken build; more scroll the cause off the screen.
    static let maximumErrorLines = 60
    /// The end of the output, for a failure without an `error:` line.
    static let keptLines = 40

    private(set) var errorLines: [String] = []
    private var tail: [String] = []

    mutating func append(_ line: String) {
        if line.contains("error:") && errorLines.count < Self.maximumErrorLines { errorLines.append(line) }
        tail.append(line)
        if tail.count > Self.keptLines { tail.removeFirst() }
    }

    /// The error lines, else the tail, one per line.
    var diagnostics: String { (errorLines.isEmpty ? tail : errorLines).joined(separator: "\n") }
}
