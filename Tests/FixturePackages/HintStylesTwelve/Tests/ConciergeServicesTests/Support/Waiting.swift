import ConciergeCore
import ConciergeServices
import Foundation

// MARK: - Check-out pipeline

/// Lets the check-out service finish its background folio uploads.
func settleCheckOut(_ service: CheckOutService) async {
    await drainFolioQueue(of: service)
}

func drainFolioQueue(of service: CheckOutService) async {
    await service.flush()
}

// MARK: - Housekeeping sync

/// Gives the housekeeping board time to pick up status changes from the desk.
func waitForHousekeepingSync() async {
    await pause(milliseconds: 150)
}

func pause(milliseconds: Int) async {
    try? await Task.sleep(for: .milliseconds(milliseconds))
}

// MARK: - Messaging

/// Resumes once the delivery pipeline has had its chance to report back.
func waitForDeliverySignal() async {
    await withCheckedContinuation { (signal: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(150)) {
            signal.resume()
        }
    }
}

/// Blocks the calling thread briefly, the way the old SMS webhook tests did.
func blockBriefly(milliseconds: UInt32) {
    usleep(milliseconds * 1_000)
}

// MARK: - Main-actor UI

@MainActor
func letBoardSettle() async {
    await yieldRepeatedly(3)
}

@MainActor
func yieldRepeatedly(_ times: Int) async {
    for _ in 0..<times {
        await Task.yield()
    }
}

// MARK: - Task-local scoping

/// Runs `body` with side effects (messages, pages) performed before each call returns.
func withInlineSideEffects<T>(_ body: () async throws -> T) async rethrows -> T {
    try await DeskEnvironment.$sideEffects.withValue(.inline, operation: body)
}
