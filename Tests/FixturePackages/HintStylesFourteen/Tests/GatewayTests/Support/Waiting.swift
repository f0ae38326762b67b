import Foundation
import GatewayModel
import GatewayServices

/// Reads the scale through the station's callback API.
func awaitWeighing(_ bag: Bag, on station: BagDropStation) async -> Double {
    await withCheckedContinuation { continuation in
        station.weigh(bag) { kilograms in
            continuation.resume(returning: kilograms)
        }
    }
}

/// Suspends for one turn of the bag belt.
func waitForBeltCycle() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(250)) {
            continuation.resume()
        }
    }
}

/// Gives background bookkeeping a moment to land.
func letDustSettle() async {
    await pause(milliseconds: 150)
}

func pause(milliseconds: Int) async {
    try? await Task.sleep(for: .milliseconds(milliseconds))
}

/// Lets queued main-actor work run.
@MainActor
func drainMainActor(passes: Int = 5) async {
    for _ in 0..<passes {
        await Task.yield()
    }
}
