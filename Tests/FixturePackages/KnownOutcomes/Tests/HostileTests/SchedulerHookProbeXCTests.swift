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
    /// Writes `probe-run-<FLAKECHECK_RUN>.txt` in the state directory: `<delayed jobs> <mode>`, the mode
    /// the library itself runs in (`flakecheck_delay_mode()`: 0 jobs, 1 tasks, 2 batches, -1 delaying
    /// nothing), with `-1 none` when the library is not loaded.
    func testReportsDelayedJobs() async throws {
        // 3 × 200 child tasks alive at once: hundreds of distinct tasks and jobs for the hook to meet.
        for _ in 0..<3 {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<200 { group.addTask { await Task.yield() } }
            }
        }
        typealias DelayedJobs = @convention(c) () -> UInt
        // A null handle is RTLD_DEFAULT: every library loaded in the process.
        let count = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "flakecheck_delayed_jobs")
            .map { Int(unsafeBitCast($0, to: DelayedJobs.self)()) } ?? -1
        typealias DelayMode = @convention(c) () -> Int32
        let mode = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "flakecheck_delay_mode")
            .map { Int(unsafeBitCast($0, to: DelayMode.self)()) }
        let environment = ProcessInfo.processInfo.environment
        let run = try XCTUnwrap(environment["FLAKECHECK_RUN"])
        let path = (RunCounter.stateDirectory as NSString).appendingPathComponent("probe-run-\(run).txt")
        try FileManager.default.createDirectory(atPath: RunCounter.stateDirectory, withIntermediateDirectories: true)
        try "\(count) \(mode.map(String.init) ?? "none")".write(toFile: path, atomically: true, encoding: .utf8)
    }
}
