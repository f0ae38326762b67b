import Foundation
import PawModel

/// Pharmacy-side coordination. Arrival notices come from reception and must not block check-in.
public actor PharmacyHub {
    private let prefetcher: RefillPrefetcher
    private var dispensed: [PrescriptionID] = []

    public init(prefetcher: RefillPrefetcher) {
        self.prefetcher = prefetcher
    }

    nonisolated public func patientArrived(petID: PetID) {
        prefetcher.prefetchRefills(for: petID)
    }

    public func recordDispensed(_ id: PrescriptionID) {
        dispensed.append(id)
    }

    public var dispensedToday: [PrescriptionID] { dispensed }
}
