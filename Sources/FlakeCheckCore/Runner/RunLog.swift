import Foundation

/// The full output of one run, written to disk as it arrives (never held in memory), then kept when the
/// run needs diagnosing and deleted when it was clean.
final class RunLog {
    let path: String
    private let handle: FileHandle?

    init(path: String) {
        self.path = path
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        handle = FileHandle(forWritingAtPath: path)
    }

    func write(_ bytes: UnsafeRawBufferPointer) {
        guard let handle, !bytes.isEmpty else { return }
        handle.write(Data(bytes))
    }

    func note(_ text: String) {
        handle?.write(Data((text + "\n").utf8))
    }

    func finish(keep: Bool) {
        try? handle?.close()
        if !keep { try? FileManager.default.removeItem(atPath: path) }
    }

    /// A command line as a user would paste it into a shell, for the log header only.
    static func displayCommand(_ request: ProcessRequest) -> String {
        ([request.executable] + request.arguments).map { argument in
            argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,".contains($0) }
                ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }
}
