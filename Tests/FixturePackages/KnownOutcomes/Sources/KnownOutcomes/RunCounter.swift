import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A counter shared between processes: each `claim` atomically returns the next run number
/// (1, 2, 3, ...) for a named counter, stored in `<dir>/<name>.count` and guarded by `flock(2)`.
///
/// `<dir>` is `$KNOWN_OUTCOMES_STATE_DIR` (created if missing), or `NSTemporaryDirectory()/known-outcomes`.
public enum RunCounter {
    public static var stateDirectory: String {
        if let dir = ProcessInfo.processInfo.environment["KNOWN_OUTCOMES_STATE_DIR"], !dir.isEmpty {
            return dir
        }
        return (NSTemporaryDirectory() as NSString).appendingPathComponent("known-outcomes")
    }

    /// Claims the next run number of the counter `name`; the first claim returns 1.
    public static func claim(_ name: String) -> Int {
        let dir = stateDirectory
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            fatalError("RunCounter: cannot create \(dir): \(error)")
        }
        let path = (dir as NSString).appendingPathComponent("\(name).count")
        let fd = open(path, O_RDWR | O_CREAT, 0o644)
        guard fd >= 0 else { fatalError("RunCounter: cannot open \(path): errno \(errno)") }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { fatalError("RunCounter: flock failed: errno \(errno)") }
        }
        defer { _ = flock(fd, LOCK_UN) }

        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            bytes.append(contentsOf: buffer[0..<n])
        }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let next = (Int(text) ?? 0) + 1

        let out = Array("\(next)\n".utf8)
        guard ftruncate(fd, 0) == 0,
              out.withUnsafeBytes({ pwrite(fd, $0.baseAddress, $0.count, 0) }) == out.count
        else { fatalError("RunCounter: cannot write \(path): errno \(errno)") }
        return next
    }
}
