import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A counter shared between processes: each run of a test claims the next number (1, 2, 3, ...) of its
/// own named counter, stored in `<dir>/<name>.count` and guarded by `flock(2)`. A flaky test fails (or
/// aborts) exactly when its number is a multiple of 4.
///
/// `<dir>` is `$FEATURE_MATRIX_STATE_DIR` (created if missing), or `NSTemporaryDirectory()/feature-matrix`.
/// Use a fresh directory per experiment.
///
/// One claim per run, even when flakecheck runs a test twice within one run. flakecheck re-runs a test
/// in a fresh process within the same run when it was in flight beside a crash (it runs alone as a
/// suspect) or when its process ended before its result was seen (after `exit(0)`, or after a test
/// closed the output: it may have run unseen). Both processes have the same `FLAKECHECK_RUN`. So, when
/// `FLAKECHECK_RUN` is set, a claim belongs to the logical run `FLAKECHECK_RUN + k`, where k is how many
/// times this process already claimed the same name (Swift Testing repetitions in one process, in-process
/// mode, are one run further each), and a second claim for a logical run returns the first one's number.
/// Without `FLAKECHECK_RUN` (plain `swift test`), every claim takes the next number.
///
/// Every claim is logged in `<dir>/<name>.claims`, one line: `<number> run=<logical run or -> pid=<pid>
/// new|again`, so whoever checks a session can tell which run got which number.
public enum RunCounter {
    public static var stateDirectory: String {
        if let dir = ProcessInfo.processInfo.environment["FEATURE_MATRIX_STATE_DIR"], !dir.isEmpty {
            return dir
        }
        return (NSTemporaryDirectory() as NSString).appendingPathComponent("feature-matrix")
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var claimsInThisProcess: [String: Int] = [:]

    /// The logical flakecheck run of this claim, or nil outside flakecheck.
    private static func logicalRun(of name: String) -> Int? {
        guard let text = ProcessInfo.processInfo.environment["FLAKECHECK_RUN"], let first = Int(text) else {
            return nil
        }
        lock.lock()
        defer { lock.unlock() }
        let earlier = claimsInThisProcess[name, default: 0]
        claimsInThisProcess[name] = earlier + 1
        return first + earlier
    }

    /// Claims this run's number of the counter `name`; the first claim returns 1.
    public static func claim(_ name: String) -> Int {
        let run = logicalRun(of: name)
        let dir = stateDirectory
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            fatalError("RunCounter: cannot create \(dir): \(error)")
        }
        let countPath = (dir as NSString).appendingPathComponent("\(name).count")
        let claimsPath = (dir as NSString).appendingPathComponent("\(name).claims")
        let fd = open(countPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { fatalError("RunCounter: cannot open \(countPath): errno \(errno)") }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { fatalError("RunCounter: flock failed: errno \(errno)") }
        }
        defer { _ = flock(fd, LOCK_UN) }

        let claimsFD = open(claimsPath, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard claimsFD >= 0 else { fatalError("RunCounter: cannot open \(claimsPath): errno \(errno)") }
        defer { close(claimsFD) }
        let runText = run.map { "run=\($0)" } ?? "run=-"

        if let run {
            for line in readAll(claimsFD).split(separator: "\n") {
                let fields = line.split(separator: " ")
                if fields.count >= 2, fields[1] == "run=\(run)", let number = Int(fields[0]) {
                    append("\(number) \(runText) pid=\(getpid()) again\n", to: claimsFD, path: claimsPath)
                    return number
                }
            }
        }

        let text = readAll(fd).trimmingCharacters(in: .whitespacesAndNewlines)
        let next = (Int(text) ?? 0) + 1
        let out = Array("\(next)\n".utf8)
        guard ftruncate(fd, 0) == 0,
              out.withUnsafeBytes({ pwrite(fd, $0.baseAddress, $0.count, 0) }) == out.count
        else { fatalError("RunCounter: cannot write \(countPath): errno \(errno)") }
        append("\(next) \(runText) pid=\(getpid()) new\n", to: claimsFD, path: claimsPath)
        return next
    }

    /// Claims this run's number and says whether it is a multiple of 4.
    public static func isFourthRun(_ name: String) -> (number: Int, fails: Bool) {
        let number = claim(name)
        return (number, number % 4 == 0)
    }

    private static func readAll(_ fd: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var offset: off_t = 0
        while true {
            let n = pread(fd, &buffer, buffer.count, offset)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            bytes.append(contentsOf: buffer[0..<n])
            offset += off_t(n)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func append(_ text: String, to fd: Int32, path: String) {
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
            fatalError("RunCounter: cannot append to \(path): errno \(errno)")
        }
    }
}

/// An error with a fixed description, thrown on purpose.
public struct MatrixError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Writes all of `text` to fd 1 unbuffered, so it is in the pipe at once, even if the process ends next.
public func writeRaw(_ text: String) {
    writeRaw(Array(text.utf8))
}

/// Writes all of `bytes` (any bytes, not necessarily UTF-8) to fd 1 unbuffered.
public func writeRaw(_ bytes: [UInt8]) {
    var rest = bytes[...]
    while !rest.isEmpty {
        let written = rest.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        rest = rest.dropFirst(written)
    }
}
