import Foundation

public enum LabPanel: String, Sendable, CaseIterable {
    case cbc, chemistry, urinalysis, thyroid
}

public enum LabOrderStatus: String, Sendable {
    case pending, resulted, overdue
}

public struct LabOrder: Hashable, Sendable, Identifiable {
    public let id: LabOrderID
    public var petID: PetID
    public var panel: LabPanel
    public var placedAt: Date
    public var status: LabOrderStatus

    public init(id: LabOrderID, petID: PetID, panel: LabPanel, placedAt: Date, status: LabOrderStatus = .pending) {
        self.id = id
        self.petID = petID
        self.panel = panel
        self.placedAt = placedAt
        self.status = status
    }
}

public struct LabMeasurement: Hashable, Sendable {
    public var name: String
    public var value: Double
    public var unit: String
    public var referenceLow: Double
    public var referenceHigh: Double

    public init(name: String, value: Double, unit: String, referenceLow: Double, referenceHigh: Double) {
        self.name = name
        self.value = value
        self.unit = unit
        self.referenceLow = referenceLow
        self.referenceHigh = referenceHigh
    }

    public var isOutOfRange: Bool { value < referenceLow || value > referenceHigh }

    /// Values far outside the reference interval must be phoned through to the on-call vet.
    public var isCritical: Bool { value < referenceLow * 0.5 || value > referenceHigh * 1.5 }
}

public struct LabResult: Hashable, Sendable {
    public var orderID: LabOrderID
    public var petID: PetID
    public var panel: LabPanel
    public var measurements: [LabMeasurement]
    public var receivedAt: Date

    public init(orderID: LabOrderID, petID: PetID, panel: LabPanel, measurements: [LabMeasurement], receivedAt: Date) {
        self.orderID = orderID
        self.petID = petID
        self.panel = panel
        self.measurements = measurements
        self.receivedAt = receivedAt
    }

    public var hasCriticalValue: Bool { measurements.contains(where: \.isCritical) }
    public var flagged: [LabMeasurement] { measurements.filter(\.isOutOfRange) }
}

/// What the reference lab's interface engine emits for each inbound message.
public enum LabFeedEvent: Hashable, Sendable {
    case resulted(LabResult)
    case rejected(reason: String)
}
