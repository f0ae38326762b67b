import Foundation
import PawModel

public protocol RefillReviewing: Sendable {
    /// Queues the request for a pharmacist; `completion` is called exactly once with the decision.
    func review(
        _ request: RefillRequest,
        prescription: Prescription,
        completion: @escaping @Sendable (RefillStatus) -> Void
    )
}

extension RefillReviewing {
    /// Fire-and-forget review; the decision is available from the desk later.
    public func review(_ request: RefillRequest, prescription: Prescription) {
        review(request, prescription: prescription) { _ in }
    }
}

public final class PharmacistReviewDesk: RefillReviewing, @unchecked Sendable {
    private let queue = DispatchQueue(label: "paw.pharmacist-review")
    private let decisions = Locked<[RefillRequestID: RefillStatus]>([:])
    private let reviewLatency: TimeInterval

    public init(reviewLatency: TimeInterval = 0.02) {
        self.reviewLatency = reviewLatency
    }

    public func review(
        _ request: RefillRequest,
        prescription: Prescription,
        completion: @escaping @Sendable (RefillStatus) -> Void
    ) {
        decisions.withLock { $0[request.id] = .requested }
        queue.asyncAfter(deadline: .now() + reviewLatency) { [decisions] in
            let status: RefillStatus
            if prescription.isControlled {
                status = .rejected("controlled substance requires an exam")
            } else if prescription.refillsRemaining == 0 {
                status = .rejected("no refills remaining")
            } else {
                status = .approved
            }
            decisions.withLock { $0[request.id] = status }
            completion(status)
        }
    }

    public func status(of id: RefillRequestID) -> RefillStatus? {
        decisions.withLock { $0[id] }
    }
}
