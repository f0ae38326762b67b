import Foundation
import PawModel

public final class RefillCache: @unchecked Sendable {
    private let formulary: Formulary
    private let entries = Locked<[PetID: [Prescription]]>([:])

    public init(formulary: Formulary) {
        self.formulary = formulary
    }

    public func warm(for petID: PetID) {
        Task.detached(priority: .utility) { [formulary, entries] in
            let refillable = await formulary.refillable(for: petID)
            entries.withLock { $0[petID] = refillable }
        }
    }

    public func cachedPrescriptions(for petID: PetID) -> [Prescription]? {
        entries.withLock { $0[petID] }
    }
}
