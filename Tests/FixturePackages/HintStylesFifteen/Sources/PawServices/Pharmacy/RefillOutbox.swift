import Foundation
import PawModel

/// Sends refill requests to the pharmacy one after another, in submission order.
public actor RefillOutbox {
    private let gateway: any PharmacyGateway
    private var pendingSync: Task<Void, Never>?
    private var synced: [RefillRequestID] = []

    public init(gateway: any PharmacyGateway) {
        self.gateway = gateway
    }

    public func enqueue(_ request: RefillRequest) {
        let previous = pendingSync
        pendingSync = Task {
            await previous?.value
            await gateway.transmit(request)
            markSynced(request.id)
        }
    }

    /// Suspends until every request enqueued so far has been transmitted.
    public func waitUntilIdle() async {
        while let current = pendingSync {
            await current.value
            if pendingSync == current {
                pendingSync = nil
            }
        }
    }

    public var syncedRequestIDs: [RefillRequestID] { synced }

    private func markSynced(_ id: RefillRequestID) {
        synced.append(id)
    }
}
