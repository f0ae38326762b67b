import Foundation
import CourierModel
import CourierServices

/// Lets work that a view model queued on the main actor get a turn.
@MainActor
func drainMainActor() async {
    await Task.yield()
    await Task.yield()
}

/// Gives background work a moment to settle before the test looks at the result.
func settle(milliseconds: UInt64 = 50) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        Task {
            try? await Task.sleep(nanoseconds: milliseconds * 1_000_000)
            continuation.resume()
        }
    }
}

/// Used by tests that exercise fire-and-forget analytics.
func letBackgroundWorkFinish() async {
    await pause(milliseconds: 80)
}

private func pause(milliseconds: UInt64) async {
    try? await Task.sleep(nanoseconds: milliseconds * 1_000_000)
}

/// The dispatcher board as the console would render it.
func assignmentsSnapshot(from desk: DispatchDesk) async -> [OrderID: CourierID] {
    await desk.currentAssignments()
}

/// Collects the first `count` elements of a stream.
func collect<Element>(_ count: Int, from stream: AsyncStream<Element>) async -> [Element] {
    var collected: [Element] = []
    guard count > 0 else { return collected }
    for await element in stream {
        collected.append(element)
        if collected.count == count { break }
    }
    return collected
}
