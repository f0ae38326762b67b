import Foundation
import PawModel

/// Owners and their pets, as kept by reception.
public actor ClientDirectory {
    private var owners: [OwnerID: Owner] = [:]
    private var pets: [PetID: Pet] = [:]

    public init() {}

    public func register(_ owner: Owner) {
        owners[owner.id] = owner
    }

    public func register(_ pet: Pet) {
        pets[pet.id] = pet
    }

    public func pet(_ id: PetID) -> Pet? {
        pets[id]
    }

    public func owner(of petID: PetID) -> Owner? {
        pets[petID].flatMap { owners[$0.ownerID] }
    }
}
