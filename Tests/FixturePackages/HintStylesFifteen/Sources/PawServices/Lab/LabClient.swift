import Foundation
import PawModel

/// The reference laboratory's results API.
public protocol LabClient: Sendable {
    func fetchResult(for orderID: LabOrderID) async throws -> LabResult?
    func pendingOrders() async -> [LabOrder]
}

extension LabClient {
    public func fetchResults(for orderIDs: [LabOrderID]) async -> [LabResult] {
        var results: [LabResult] = []
        for id in orderIDs {
            if let result = try? await fetchResult(for: id) {
                results.append(result)
            }
        }
        return results
    }
}
