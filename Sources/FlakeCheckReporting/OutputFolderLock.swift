import FlakeCheckSupport
import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One run at a time per output folder. Two runs writing the same `Reports/` deleted each other's logs and
/// scratch files and failed their gates on lost results that never happened; the second run now stops
/// before doing anything and says which run holds the folder. The lock is `flock(2)` on
/// `.flakecheck.lock`, so a run that dies (even by SIGKILL) releases it with its process.
package final class OutputFolderLock: @unchecked Sendable {
    private let descriptor: Int32
    private let path: String

    /// Takes the folder's lock, or throws at once if another process holds it.
    package init(folder: String) throws {
        path = "\(folder)/.flakecheck.lock"
        // The file goes when its run ends (CI must not upload it): a process that opened it just before
        // then holds a lock on a file no longer there, so a lock counts only on the file the path names.
        var attempt = 0
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw FlakeCheckError.outputNotWritable(folder, reason: String(cString: strerror(errno)))
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                var buffer = [UInt8](repeating: 0, count: 32)
                let count = pread(descriptor, &buffer, buffer.count, 0)
                let holder = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                close(descriptor)
                throw FlakeCheckError.outputInUse(folder, holder: holder.isEmpty ? nil : holder)
            }
            attempt += 1
            if Self.isStillNamed(descriptor, path: path) || attempt >= 5 {
                self.descriptor = descriptor
                break
            }
            close(descriptor)
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// Whether `path` still names the file `descriptor` has open.
    private static func isStillNamed(_ descriptor: Int32, path: String) -> Bool {
        var open = stat()
        var named = stat()
        guard fstat(descriptor, &open) == 0, stat(path, &named) == 0 else { return false }
        return open.st_ino == named.st_ino && open.st_dev == named.st_dev
    }

    deinit {
        // Removed while still held, so no other run can take a lock on it in between.
        unlink(path)
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
