import Foundation
import PawModel

/// Validates an owner's refill request and hands it to the outbox.
public final class RefillCoordinator: Sendable {
    private let formulary: Formulary
    private let policy: any RefillPolicy
    private let outbox: RefillOutbox
    private let now: @Sendable () -> Date

    public init(
        formulary: Formulary,
        policy: any RefillPolicy = StandardRefillPolicy(),
        outbox: RefillOutbox,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.formulary = formulary
        self.policy = policy
        self.outbox = outbox
        self.now = now
    }

    public func submit(_ prescriptionID: PrescriptionID) async throws -> RefillRequest {
        guard let prescription = await formulary.prescription(prescriptionID) else {
            throw RefillError.unknownPrescription(prescriptionID)
        }
        try await policy.evaluate(prescription)
        let request = RefillRequest(
            id: .random(prefix: "RF"),
            prescriptionID: prescription.id,
            petID: prescription.petID,
            requestedAt: now()
        )
        await formulary.consumeRefill(prescription.id)
        await outbox.enqueue(request)
        return request
    }

    public func flush() async {
        await outbox.waitUntilIdle()
    }
}
