import Foundation
import PawModel
import PawServices

/// Waits for the pharmacist's review queue to post its decision.
func waitForPharmacistDecision(within seconds: Double = 0.25) async {
    await withCheckedContinuation { (decisionPosted: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
            decisionPosted.resume()
        }
    }
}

/// Sends the request to the pharmacist and returns the decision once it is posted.
func pharmacistDecision(
    on request: RefillRequest,
    prescription: Prescription,
    at desk: some RefillReviewing
) async -> RefillStatus {
    await withCheckedContinuation { (decisionPosted: CheckedContinuation<RefillStatus, Never>) in
        desk.review(request, prescription: prescription) { status in
            decisionPosted.resume(returning: status)
        }
    }
}
