import Foundation
import PawModel

public struct PageMessage: Hashable, Sendable {
    public var vet: String
    public var petID: PetID
    public var summary: String

    public init(vet: String, petID: PetID, summary: String) {
        self.vet = vet
        self.petID = petID
        self.summary = summary
    }
}

public protocol OnCallPager: Sendable {
    func page(_ message: PageMessage) async
}

extension OnCallPager {
    public func page(vet: String, about result: LabResult) async {
        let critical = result.measurements.filter(\.isCritical)
            .map { "\($0.name) \($0.value) \($0.unit)" }
            .joined(separator: ", ")
        await page(PageMessage(vet: vet, petID: result.petID, summary: "CRITICAL \(result.panel.rawValue): \(critical)"))
    }
}

/// Decides which inbound results need a phone call to the on-call vet.
public actor CriticalValueTriage {
    private let pager: any OnCallPager
    private let onCallVet: String
    private var reviewed: [LabOrderID] = []

    public init(pager: any OnCallPager, onCallVet: String) {
        self.pager = pager
        self.onCallVet = onCallVet
    }

    public func classify(_ result: LabResult) -> Bool {
        result.hasCriticalValue
    }

    /// Records the result as reviewed and pages the on-call vet if anything is critical.
    @discardableResult
    public func process(_ result: LabResult) async -> Bool {
        reviewed.append(result.orderID)
        guard classify(result) else { return false }
        await pager.page(vet: onCallVet, about: result)
        return true
    }

    public var reviewedOrders: [LabOrderID] { reviewed }
}
