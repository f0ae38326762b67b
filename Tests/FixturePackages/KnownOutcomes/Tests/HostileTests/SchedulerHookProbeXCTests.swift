import Foundation
import KnownOutcomes
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Not hostile, but only run when selected by name like the rest of this target: reports what
/// flakecheck's scheduler hook library (`run --perturb`) did in this process, so an end-to-end test can
/// check that the library reached the test process, in the mode the run's record says. Always passes.
final class SchedulerHookProbeXCTests: XCTestCase {
    /// Writes `probe-run-<FLAKECHECK_RUN>.txt` in the state directory:
    /// `<delayed jobs> <late blocks on global queues> <late blocks on its own queue> <mode>`, the mode the
    /// library itself runs in (`flakecheck_delay_mode()`: 0 jobs, 1 tasks, 2 batches, 3 queues, -1 delaying
    /// nothing), with `-1 -1 -1 none` when the library is not loaded.
    func testReportsDelayedJobs() async throws {
        // 3 × 200 child tasks alive at once: hundreds of distinct tasks and jobs for the hook to meet.
        for _ in 0..<3 {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<200 { group.addTask { await Task.yield() } }
            }
        }
        // 200 blocks on a global queue (which the slow-queues mode must leave alone), then 200 on a queue of
        // the test's own (which it slows a share of).
        let lateBlocks = Self.function("flakecheck_delayed_blocks")
        let blocks = DispatchGroup()
        for _ in 0..<200 {
            blocks.enter()
            DispatchQueue.global().async { blocks.leave() }
        }
        blocks.wait()
        let afterGlobal = lateBlocks.map { $0() } ?? -1
        let own = DispatchQueue(label: "probe.own")
        let done = DispatchSemaphore(value: 0)
        for index in 0..<200 { own.async { if index == 199 { done.signal() } } }
        done.wait()
        let afterOwn = lateBlocks.map { $0() } ?? -1
        let count = Self.function("flakecheck_delayed_jobs").map { $0() } ?? -1
        typealias DelayMode = @convention(c) () -> Int32
        let mode = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "flakecheck_delay_mode")
            .map { Int(unsafeBitCast($0, to: DelayMode.self)()) }
        let environment = ProcessInfo.processInfo.environment
        let run = try XCTUnwrap(environment["FLAKECHECK_RUN"])
        let path = (RunCounter.stateDirectory as NSString).appendingPathComponent("probe-run-\(run).txt")
        try FileManager.default.createDirectory(atPath: RunCounter.stateDirectory, withIntermediateDirectories: true)
        let fields = [count, afterGlobal, afterOwn - max(afterGlobal, 0)].map(String.init)
        try (fields + [mode.map(String.init) ?? "none"]).joined(separator: " ")
            .write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// One of the library's counters (`unsigned long f(void)`), when the library is loaded.
    private static func function(_ name: String) -> (() -> Int)? {
        typealias Counter = @convention(c) () -> UInt
        // A null handle is RTLD_DEFAULT: every library loaded in the process.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        let counter = unsafeBitCast(symbol, to: Counter.self)
        return { Int(counter()) }
    }
}
