import Foundation
import IrrigationKit

/// Gives the valve board time to report back after a burst of commands.
func waitForHardwareLatency(milliseconds: Int = 200) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
            continuation.resume()
        }
    }
}

/// Lets alert fan-out finish before looking at the pager.
func letAlertsSettle() async {
    await pause(milliseconds: 150)
}

func pause(milliseconds: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        Task {
            try? await Task.sleep(for: .milliseconds(milliseconds))
            continuation.resume()
        }
    }
}

/// Lets freshly started UI tasks get going.
func yieldFew() async {
    await Task.yield()
    await Task.yield()
}

/// Waits until the panel has nothing left in flight.
@MainActor
func settleEverything(_ controller: IrrigationController) async {
    await controller.quiesce()
}
