import Foundation

/// Fixed-delay helpers used by tests that give background work "enough" time.
enum TestTiming {
    static func settle() async throws {
        try await pause(milliseconds: 300)
    }

    static func pause(milliseconds: UInt64) async throws {
        try await Task.sleep(nanoseconds: milliseconds * 1_000_000)
    }

    /// Blocks the calling thread; used where the test body must not suspend.
    static func blockBriefly() {
        blockFor(milliseconds: 250)
    }

    static func blockFor(milliseconds: UInt32) {
        usleep(milliseconds * 1_000)
    }
}

/// Turn-based helpers: give other tasks a bounded number of chances to run.
enum Turns {
    static func letPendingWorkRun() async {
        await yieldRepeatedly(4)
    }

    static func yieldRepeatedly(_ count: Int) async {
        for _ in 0..<count {
            await Task.yield()
        }
    }
}
