import Foundation
import PawModel

/// Results that no vet has opened yet.
public actor LabInbox {
    private var unread: [LabResult] = []

    public init() {}

    /// Stores the result and returns the new unread count.
    public func store(_ result: LabResult) -> Int {
        if !unread.contains(where: { $0.orderID == result.orderID }) {
            unread.append(result)
        }
        return unread.count
    }

    public func markAllRead() {
        unread.removeAll()
    }
}
