import Foundation

/// The live status line on standard error: runs done of total, flaky tests so far, time left.
/// Only drawn on a terminal; redrawn in place with a carriage return, at most ten times a second.
final class ProgressLine: @unchecked Sendable {
    private let output: any TextOutput
    private let total: Int
    private let started = Date()
    private var lastDrawn = Date.distantPast
    private let lock = NSLock()

    init(output: any TextOutput, total: Int) {
        self.output = output
        self.total = total
    }

    func update(done: Int, flaky: Int) {
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        guard done == total || now.timeIntervalSince(lastDrawn) >= 0.1 else { return }
        lastDrawn = now
        let elapsed = now.timeIntervalSince(started)
        let left = done > 0 ? elapsed / Double(done) * Double(total - done) : 0
        output.write("\r\u{1B}[K  \(done)/\(total) runs · \(flaky) flaky so far · \(Self.clock(left)) left")
    }

    func finish() {
        output.write("\r\u{1B}[K")
    }

    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return String(format: "%d:%02d", whole / 60, whole % 60)
    }
}
