import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckSupport
import Foundation

/// The full output of one run, written to disk as it arrives (never held in memory), then kept when the
/// run needs diagnosing and deleted when it was clean.
package final class RunLog {
    package let path: String
    private var handle: FileHandle?
    /// Why writing stopped (a full disk, a removed folder); the run goes on without its log.
    package private(set) var writeError: String?

    package init(path: String) {
        self.path = path
        // open(2), not FileManager.createFile, which writes a temporary file and renames it into place.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        handle = descriptor >= 0 ? FileHandle(fileDescriptor: descriptor, closeOnDealloc: true) : nil
        if handle == nil { writeError = String(cString: strerror(errno)) }
    }

    package func write(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        append(Data(bytes))
    }

    package func note(_ text: String) {
        append(Data((text + "\n").utf8))
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
