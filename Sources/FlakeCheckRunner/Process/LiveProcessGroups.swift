import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process groups of one launcher's children that are running right now. A second Ctrl-C exits
/// flakecheck at once; before it does, it kills these groups, because each child has its own group (so
/// the terminal's SIGINT never reaches it) and would otherwise outlive flakecheck: a `swift build`, or
/// a hung test.
package final class LiveProcessGroups: @unchecked Sendable {
    private let lock = NSLock()
    private var groups: Set<pid_t> = []

    package init() {}

    package func add(_ group: pid_t) {
        lock.lock()
        groups.insert(group)
        lock.unlock()
    }

    package func remove(_ group: pid_t) {
        lock.lock()
        groups.remove(group)
        lock.unlock()
    }

    package var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return groups.count
    }

    /// SIGTERM to every live group, up to `grace` seconds for them to go, then SIGKILL to what is left.
    /// SIGTERM first: `swift build` stops its compilers (which run in process groups of their own) when
    /// terminated, but leaves them running when killed outright.
    package func killAll(grace: Double = 1) {
        lock.lock()
        let current = groups
        lock.unlock()
        for group in current { kill(-group, SIGTERM) }
        let started = Date()
        var left = current
        while !left.isEmpty, Date().timeIntervalSince(started) < grace {
            usleep(20_000)
            left = left.filter { kill(-$0, 0) == 0 }
        }
        for group in left { kill(-group, SIGKILL) }
    }
}
