import FlakeCheckSupport
import Foundation

/// The folder reports and kept logs go to. Checked writable before any test runs, so a long run never
/// ends in "could not save"; every file is written to a temporary name and renamed into place, so a
/// reader (or a crash half-way) never sees a half-written report.
package struct OutputFolder: Sendable {
    package let path: String

    package init(path: String) { self.path = path }

    /// Creates the folder if needed and proves it is writable.
    package func prepare() throws {
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw FlakeCheckError.outputNotWritable(path, reason: Self.reason(error, path: path))
        }
        let probe = "\(path)/.flakecheck-write-test-\(getpid())"
        guard manager.createFile(atPath: probe, contents: Data("ok".utf8)) else {
            throw FlakeCheckError.outputNotWritable(path, reason: "permission denied")
        }
        try? manager.removeItem(atPath: probe)
    }

    /// A subfolder, created on demand (for logs and scratch files).
    package func subfolder(_ name: String) throws -> String {
        let folder = "\(path)/\(name)"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw FlakeCheckError.outputNotWritable(folder, reason: Self.reason(error, path: folder))
        }
        return folder
    }

    /// Writes `data` as `name` inside the folder atomically. `name` must be a plain file name: nothing
    /// derived from test output can make flakecheck write outside its folder.
    @discardableResult
    package func write(_ data: some ContiguousBytes, as name: String) throws -> String {
        precondition(!name.contains("/") && name != ".." && name != ".", "report names are plain file names")
        let destination = "\(path)/\(name)"
        let temporary = "\(path)/.\(name).tmp-\(getpid())"
        if let failure = data.withUnsafeBytes({ Self.writeFile(temporary, $0) })
            ?? (rename(temporary, destination) == 0
                ? nil : String(cString: strerror(errno)))
        {
            unlink(temporary)
            throw FlakeCheckError.outputNotWritable(path, reason: failure)
        }
        return destination
    }

    /// Writes `bytes` to a new file at `path`; nil when done, else what went wrong (`strerror`).
    private static func writeFile(_ path: String, _ bytes: UnsafeRawBufferPointer) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                let failure = String(cString: strerror(written < 0 ? errno : ENOSPC))
                close(descriptor)
                return failure
            }
            offset += written
        }
        return close(descriptor) == 0 ? nil : String(cString: strerror(errno))
    }

    /// Why a folder could not be made, in the system's words: a parent that is a file is named, and
    /// Foundation's sentences ("The operation could not be completed. (NSCocoaErrorDomain error 512.)")
    /// give way to the POSIX reason beneath them.
    static func reason(_ error: Error, path: String) -> String {
        var partial = ""
        for component in path.split(separator: "/") {
            partial += "/" + component
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: partial, isDirectory: &isFolder), !isFolder.boolValue {
                return "'\(partial)' is a file, not a folder"
            }
        }
        let error = error as NSError
        if let beneath = error.userInfo[NSUnderlyingErrorKey] as? NSError, beneath.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(beneath.code)))
        }
        var text = error.localizedDescription
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
