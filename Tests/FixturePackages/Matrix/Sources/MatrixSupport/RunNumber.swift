import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which run of a flakecheck session this is, for tests whose outcome depends on it: `FLAKECHECK_RUN`
/// (1-based), plus how many times the calling test already ran in this process (Swift Testing
/// `--repetitions` runs a test again in the same process, one run further each time). A test re-run in a
/// fresh process within the same run (alone after a crash) gets the same number, so its outcome in that
/// run does not change.
public enum RunNumber {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var calls: [String: Int] = [:]

    public static func current(for test: String = #function, file: String = #fileID) -> Int {
        let key = file + "/" + test
        lock.lock()
        calls[key, default: 0] += 1
        let repetition = calls[key]!
        lock.unlock()
        let first = ProcessInfo.processInfo.environment["FLAKECHECK_RUN"].flatMap(Int.init) ?? 1
        return first + repetition - 1
    }

    /// True on runs 4, 8, 12, …
    public static func isEveryFourth(for test: String = #function, file: String = #fileID) -> Bool {
        current(for: test, file: file) % 4 == 0
    }
}

/// Writes all of `text` to fd 1 unbuffered, so it is in the pipe even if the process ends next.
public func writeRaw(_ text: String) {
    writeRaw(Array(text.utf8))
}

public func writeRaw(_ bytes: [UInt8]) {
    var rest = bytes[...]
    while !rest.isEmpty {
        let written = rest.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        if written <= 0 { if errno == EINTR { continue } else { return } }
        rest = rest.dropFirst(written)
    }
}
