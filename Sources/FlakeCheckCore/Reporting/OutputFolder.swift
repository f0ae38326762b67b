import Foundation

/// The folder reports and kept logs go to. Checked writable before any test runs, so a long run never
/// ends in "could not save"; every file is written to a temporary name and renamed into place, so a
/// reader (or a crash half-way) never sees a half-written report.
public struct OutputFolder: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// Creates the folder if needed and proves it is writable.
    public func prepare() throws {
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw FlakeCheckError.outputNotWritable(path, reason: Self.reason(error))
        }
        let probe = "\(path)/.flakecheck-write-test-\(getpid())"
        guard manager.createFile(atPath: probe, contents: Data("ok".utf8)) else {
            throw FlakeCheckError.outputNotWritable(path, reason: "permission denied")
        }
        try? manager.removeItem(atPath: probe)
    }

    /// A subfolder, created on demand (for logs and scratch files).
    public func subfolder(_ name: String) throws -> String {
        let folder = "\(path)/\(name)"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw FlakeCheckError.outputNotWritable(folder, reason: Self.reason(error))
        }
        return folder
    }

    /// Writes `data` as `name` inside the folder atomically. `name` must be a plain file name: nothing
    /// derived from test output can make flakecheck write outside its folder.
    @discardableResult
    public func write(_ data: Data, as name: String) throws -> String {
        precondition(!name.contains("/") && name != ".." && name != ".", "report names are plain file names")
        let destination = "\(path)/\(name)"
        let temporary = "\(path)/.\(name).tmp-\(getpid())"
        do {
            try data.write(to: URL(fileURLWithPath: temporary))
            if rename(temporary, destination) != 0 {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw FlakeCheckError.outputNotWritable(path, reason: Self.reason(error))
        }
        return destination
    }

    private static func reason(_ error: Error) -> String {
        (error as NSError).localizedDescription
    }
}
