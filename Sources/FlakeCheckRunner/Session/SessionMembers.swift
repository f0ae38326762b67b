import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The processes of one session (`setsid`), found through `/proc`: what stopping `swift build` has to
/// reach, since SwiftPM starts every compiler in a process group of its own, and a compiler whose parent
/// died is adopted by PID 1 and keeps going.
struct SessionMembers {
    var session: pid_t

    /// Process IDs in the session now (empty where there is no `/proc`).
    func current() -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { Int32($0) }.filter { pid in
            // /proc/PID/stat: `pid (comm) state ppid pgrp session …`; comm may hold spaces and parentheses.
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 3 && Int32(fields[3]) == session
        }
    }

    /// Terminates every member, kills what is left after a moment, and waits (at most `seconds`) until none
    /// is alive. Returns how many still are.
    func stop(within seconds: Double) -> Int {
        let start = Date()
        current().forEach { kill($0, SIGTERM) }
        var killed = false
        while true {
            let members = current().filter { !Self.isZombie($0) }
            if members.isEmpty { return 0 }
            let waited = Date().timeIntervalSince(start)
            if waited >= seconds { return members.count }
            if !killed, waited >= 0.5 {
                members.forEach { kill($0, SIGKILL) }
                killed = true
            }
            usleep(50_000)
        }
    }

    /// A zombie has ended; it only waits for its parent to collect its status.
    private static func isZombie(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return true }
        return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
    }
}
