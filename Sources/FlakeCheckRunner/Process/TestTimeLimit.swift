import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckParsing
import Foundation

/// The clock of one test process: which tests are running since when, read from its console as the
/// lines arrive, and whether one of `--timeout`'s bounds has run out (`TimeLimitExpiry`). The executor
/// feeds it; the output drain asks it at every step (at least every 50 ms) and kills the process group
/// when it says so. Its first expiry is kept, so the analysis blames the test that overran and no other.
package final class TestTimeLimit: @unchecked Sendable {
    /// Seconds one test may run from its own start, and the process may sit silent with no test running.
    package let perTest: Double
    /// Seconds the whole process may run.
    package let processBound: Double
    /// Whether its output shows tests as they start and end. `swift test` prints a test process's output
    /// only when that process ends (measured with 6.3.1: three 2 s XCTest tests' lines all arrived 8 s
    /// after the start, at once), so under `--mode swift-test` only the process bound applies.
    package let watchesTests: Bool
    private let lock = NSLock()
    private let start: Date
    private var running: [(reference: TestReference, since: Date)] = []
    private var lastOutput: Date
    private var reached: TimeLimitExpiry?

    package init(perTest: Double, processBound: Double, watchesTests: Bool = true, start: Date = Date()) {
        self.perTest = perTest
        self.processBound = processBound
        self.watchesTests = watchesTests
        self.start = start
        lastOutput = start
    }

    /// The process bound for `tests` test runs under a per-test limit: one limit per test and one more
    /// for the process's own start and end, so a process of one test always meets the test's limit first.
    package static func processBound(perTest: Double, tests: Int) -> Double {
        perTest * Double(max(tests, 0) + 1)
    }

    /// The bound that ran out first, once one has.
    package var expiry: TimeLimitExpiry? {
        lock.lock()
        defer { lock.unlock() }
        return reached
    }

    /// Output arrived (any bytes): the process is not silent.
    package func noteOutput(at now: Date = Date()) {
        lock.lock()
        lastOutput = now
        lock.unlock()
    }

    /// A parsed console event: a start begins a test's clock, its end stops the oldest clock of that name.
    package func observe(_ event: TestEvent, at now: Date = Date()) {
        lock.lock()
        defer { lock.unlock() }
        switch event {
        case .started(let reference), .iterationStarted(let reference, _):
            running.append((reference, now))
        case .finished(let reference, _, _):
            if let index = running.firstIndex(where: { $0.reference == reference }) { running.remove(at: index) }
        default:
            break
        }
    }

    /// Whether the process must be ended now; the first bound to run out is kept as `expiry`.
    package func hasExpired(at now: Date = Date()) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if reached != nil { return true }
        guard watchesTests else {
            if now.timeIntervalSince(start) > processBound { reached = .processBound(seconds: processBound) }
            return reached != nil
        }
        let overran = running.filter { now.timeIntervalSince($0.since) > perTest }.map(\.reference)
        if !overran.isEmpty {
            reached = .testsOverran(overran, limit: perTest)
        } else if running.isEmpty, now.timeIntervalSince(lastOutput) > perTest {
            reached = .silentWithoutTest(seconds: perTest)
        } else if now.timeIntervalSince(start) > processBound {
            reached = .processBound(seconds: processBound)
        }
        return reached != nil
    }
}

extension TestTimeLimit: Equatable {
    /// One clock per process: two are the same only when they are one object.
    package static func == (lhs: TestTimeLimit, rhs: TestTimeLimit) -> Bool { lhs === rhs }
}
