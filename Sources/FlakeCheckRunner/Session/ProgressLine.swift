import FlakeCheckSupport
import Foundation

/// Progress on standard error: runs done of total, flaky tests so far, time left; under `--budget`, runs
/// done and the budget's time left (its run cap is a bound, not a plan). On a terminal it is
/// one line redrawn in place (at most ten times a second); elsewhere (a CI log) it is a plain line every
/// `plainInterval` seconds, so a long job shows it is alive without filling the log.
package final class ProgressLine: @unchecked Sendable {
    private let output: any TextOutput
    private let total: Int
    /// `--budget`'s seconds: the time left is the budget's, never a projection to the run cap.
    private let budget: Double?
    private let plain: Bool
    private let interval: Double
    private let started = Date()
    private var lastDrawn: Date
    private let lock = NSLock()

    static let plainInterval = 10.0

    package init(
        output: any TextOutput, total: Int, budget: Double? = nil, plain: Bool = false, interval: Double? = nil
    ) {
        self.output = output
        self.total = total
        self.budget = budget
        self.plain = plain
        self.interval = interval ?? (plain ? Self.plainInterval : 0.1)
        // A plain line waits a whole interval first: a short session prints only its last line.
        lastDrawn = plain ? Date() : .distantPast
    }

    package func update(done: Int, flaky: Int) {
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        guard done == total || now.timeIntervalSince(lastDrawn) >= interval else { return }
        lastDrawn = now
        let elapsed = now.timeIntervalSince(started)
        let text: String
        if let budget {
            text = "\(Formatting.count(done, "run")) · \(flaky) flaky so far · "
                + "\(Self.clock(max(0, budget - elapsed))) of the \(Self.clock(budget)) budget left"
        } else {
            let left = done > 0 ? elapsed / Double(done) * Double(total - done) : 0
            text = "\(done)/\(Formatting.count(total, "run")) · \(flaky) flaky so far · \(Self.clock(left)) left"
        }
        output.write(plain ? "  \(text)\n" : "\r\u{1B}[K  \(text)")
    }

    package func finish() {
        if !plain { output.write("\r\u{1B}[K") }
    }

    package static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return String(format: "%d:%02d", whole / 60, whole % 60)
    }
}
