import Foundation

/// The output of one run, written to disk as it arrives, then kept when the run needs diagnosing and
/// deleted when it was clean. A log holds at most `maximumBytes`: its first half as it came, then a line
/// that says how much was cut, then its last half (held in memory until the log is finished). A test
/// that printed 200 MB a run made a 2.6 GB output folder before; the failure is nearly always in the head
/// or the tail.
package final class RunLog {
    package let path: String
    private var handle: FileHandle?
    /// Why writing stopped (a full disk, a removed folder); the run goes on without its log.
    package private(set) var writeError: String?
    /// The most bytes one log keeps (`FLAKECHECK_MAX_LOG_BYTES` sets it).
    package let maximumBytes: Int
    /// Default: 32 MiB a log.
    package static let defaultMaximumBytes = 32 << 20
    private var written = 0
    /// The newest bytes past the head, at most half the maximum, oldest first from `tailStart`.
    private var tail: [UInt8] = []
    private var tailStart = 0
    private var cut = 0

    package init(path: String, maximumBytes: Int = RunLog.defaultMaximumBytes) {
        self.path = path
        self.maximumBytes = max(maximumBytes, 2)
        // open(2), not FileManager.createFile, which writes a temporary file and renames it into place.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        handle = descriptor >= 0 ? FileHandle(fileDescriptor: descriptor, closeOnDealloc: true) : nil
        if handle == nil { writeError = String(cString: strerror(errno)) }
    }

    package func write(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        keep(bytes)
    }

    package func note(_ text: String) {
        Array((text + "\n").utf8).withUnsafeBytes { keep($0) }
    }

    /// Writes what fits in the head; the rest goes to the tail, whose oldest bytes are cut.
    private func keep(_ bytes: UnsafeRawBufferPointer) {
        let head = maximumBytes / 2
        var rest = bytes[...]
        if written < head {
            let now = min(head - written, rest.count)
            append(Data(rest.prefix(now)))
            written += now
            rest = rest.dropFirst(now)
        }
        guard !rest.isEmpty else { return }
        let capacity = maximumBytes - head
        tail.append(contentsOf: rest)
        let excess = tail.count - tailStart - capacity
        if excess > 0 {
            tailStart += excess
            cut += excess
            // Compacted now and then, so appending stays linear.
            if tailStart > capacity { tail.removeFirst(tailStart); tailStart = 0 }
        }
    }

    /// The throwing write: Foundation's older `write(_:)` traps on a full disk, which would take the
    /// whole session (and every finished run's numbers) down with one log.
    private func append(_ data: Data) {
        guard let handle else { return }
        do {
            try handle.write(contentsOf: data)
        } catch {
            writeError = "\(error.localizedDescription)"
            try? handle.close()
            self.handle = nil
        }
    }

    /// Closes the log and deletes it unless `keep`; returns whether a log file is left to point at.
    @discardableResult
    package func finish(keep: Bool) -> Bool {
        if keep, tail.count > tailStart {
            if cut > 0 {
                append(
                    Data(
                        "\n<== flakecheck cut \(cut) bytes of output here: a log keeps its first and last "
                            .utf8) + Data("\(maximumBytes / 2) bytes (FLAKECHECK_MAX_LOG_BYTES)\n".utf8))
            }
            append(Data(tail[tailStart...]))
        }
        try? handle?.close()
        handle = nil
        if !keep { try? FileManager.default.removeItem(atPath: path) }
        return keep && FileManager.default.fileExists(atPath: path)
    }

    /// A command line as a user would paste it into a shell, for the log header only.
    static func displayCommand(_ request: ProcessRequest) -> String {
        ([request.executable] + request.arguments).map { argument in
            argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,".contains($0) }
                ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }
}
