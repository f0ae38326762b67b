import Foundation
import PawModel

/// Active prescriptions on file, by pet.
public actor Formulary {
    private var prescriptions: [PrescriptionID: Prescription] = [:]

    public init() {}

    public func add(_ prescription: Prescription) {
        prescriptions[prescription.id] = prescription
    }

    public func prescription(_ id: PrescriptionID) -> Prescription? {
        prescriptions[id]
    }

    public func refillable(for petID: PetID) -> [Prescription] {
        prescriptions.values
            .filter { $0.petID == petID && $0.refillsRemaining > 0 }
            .sorted { $0.drugName < $1.drugName }
    }

    public func consumeRefill(_ id: PrescriptionID) {
        guard var prescription = prescriptions[id], prescription.refillsRemaining > 0 else { return }
        prescription.refillsRemaining -= 1
        prescriptions[id] = prescription
    }
}
