import FlakeCheckProcessSupport
import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ends what a test process leaves running after it ended: a helper it started in a session of its own
/// (Foundation's `Process` does), which the process group's SIGKILL does not reach and which would
/// otherwise outlive the run and flakecheck. On Linux flakecheck is its descendants' subreaper, so such an
/// orphan comes back to flakecheck as a child; every process flakecheck starts carries a token of its own
/// in `FLAKECHECK_PROCESS`, which its descendants inherit, so the orphans of one ended process are told
/// apart from other workers' children and ended (SIGKILL) and reaped. Elsewhere nothing is done.
package enum OrphanReaper {
    package static let variable = "FLAKECHECK_PROCESS"

    /// Whether this process became the subreaper: once, at the first launch.
    private static let isSubreaper: Bool = {
        #if os(Linux)
            return flakecheck_become_subreaper() == 0
        #else
            return false
        #endif
    }()

    /// Called before the first process starts.
    package static func prepare() { _ = isSubreaper }

    /// Ends the orphans that carry `token` (the ended process's), their own children as they come back
    /// in turn. Returns how many were ended.
    @discardableResult
    package static func endOrphans(of token: String) -> Int {
        guard isSubreaper else { return 0 }
        let marker = Array("\(variable)=\(token)".utf8) + [0]
        var ended = 0
        // An ended orphan's children come back to flakecheck in their turn: a few rounds reach them.
        for _ in 0..<8 {
            let found = children().filter { carries(marker, pid: $0) }
            if found.isEmpty { break }
            for pid in found {
                kill(pid, SIGKILL)
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                ended += 1
            }
        }
        return ended
    }

    /// This process's children, from every thread's `children` list in /proc.
    static func children() -> [pid_t] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        var pids: [pid_t] = []
        for task in tasks {
            guard let text = try? String(contentsOfFile: "/proc/self/task/\(task)/children", encoding: .utf8)
            else { continue }
            pids += text.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        return pids
    }

    /// Whether the process's environment holds `marker` (`NAME=value` and its NUL) as a whole entry.
    static func carries(_ marker: [UInt8], pid: pid_t) -> Bool {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
        let bytes = [UInt8](data)
        guard bytes.count >= marker.count else { return false }
        var start = 0
        while start + marker.count <= bytes.count {
            if bytes[start..<(start + marker.count)].elementsEqual(marker) { return true }
            guard let end = bytes[start...].firstIndex(of: 0) else { return false }
            start = end + 1
        }
        return false
    }
}
