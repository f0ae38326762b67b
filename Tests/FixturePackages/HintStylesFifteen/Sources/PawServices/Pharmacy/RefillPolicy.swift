import Foundation
import PawModel

public enum RefillError: Error, Equatable {
    case unknownPrescription(PrescriptionID)
    case noRefillsRemaining
    case controlledSubstanceNeedsVisit(String)
}

public protocol RefillPolicy: Sendable {
    /// Throws a `RefillError` when the refill cannot be sent without seeing the patient.
    func evaluate(_ prescription: Prescription) async throws
}

extension RefillPolicy {
    public func isEligible(_ prescription: Prescription) async -> Bool {
        do {
            try await evaluate(prescription)
            return true
        } catch {
            return false
        }
    }
}

public struct StandardRefillPolicy: RefillPolicy {
    /// How long the state prescription-monitoring registry takes to answer.
    public var registryLookup: Duration

    public init(registryLookup: Duration = .milliseconds(5)) {
        self.registryLookup = registryLookup
    }

    public func evaluate(_ prescription: Prescription) async throws {
        guard prescription.refillsRemaining > 0 else {
            throw RefillError.noRefillsRemaining
        }
        if prescription.isControlled {
            // Controlled drugs are logged with the registry, then always need an exam.
            try? await Task.sleep(for: registryLookup)
            throw RefillError.controlledSubstanceNeedsVisit(prescription.drugName)
        }
    }
}
