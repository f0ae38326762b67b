import Foundation
import PawModel

@MainActor
public final class LabResultsViewModel {
    public private(set) var latestResult: LabResult?
    public private(set) var unreadCount = 0
    public private(set) var criticalCount = 0

    private let client: any LabClient
    private let triage: CriticalValueTriage

    public init(client: any LabClient, triage: CriticalValueTriage) {
        self.client = client
        self.triage = triage
    }

    /// Starts loading the result for an order; the detail screen shows a spinner until it lands.
    public func watch(_ orderID: LabOrderID) {
        Task {
            if let result = try? await client.fetchResult(for: orderID) {
                latestResult = result
            }
        }
    }

    /// A push notification delivered a result while the screen was open.
    public func receive(_ result: LabResult) {
        Task {
            let critical = await triage.classify(result)
            unreadCount += 1
            if critical {
                criticalCount += 1
            }
        }
    }
}
