import Foundation

public struct Prescription: Hashable, Sendable, Identifiable {
    public let id: PrescriptionID
    public var petID: PetID
    public var drugName: String
    public var dosage: String
    public var refillsRemaining: Int
    public var isControlled: Bool

    public init(id: PrescriptionID, petID: PetID, drugName: String, dosage: String, refillsRemaining: Int, isControlled: Bool = false) {
        self.id = id
        self.petID = petID
        self.drugName = drugName
        self.dosage = dosage
        self.refillsRemaining = refillsRemaining
        self.isControlled = isControlled
    }
}

public enum RefillStatus: Hashable, Sendable {
    case requested
    case approved
    case rejected(String)
    case dispensed
}

public struct RefillRequest: Hashable, Sendable, Identifiable {
    public let id: RefillRequestID
    public var prescriptionID: PrescriptionID
    public var petID: PetID
    public var requestedAt: Date
    public var status: RefillStatus

    public init(id: RefillRequestID, prescriptionID: PrescriptionID, petID: PetID, requestedAt: Date, status: RefillStatus = .requested) {
        self.id = id
        self.prescriptionID = prescriptionID
        self.petID = petID
        self.requestedAt = requestedAt
        self.status = status
    }
}
