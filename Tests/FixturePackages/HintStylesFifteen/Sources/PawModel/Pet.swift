import Foundation

public enum Species: String, Sendable, CaseIterable {
    case dog, cat, rabbit, ferret, bird
}

public enum ContactChannel: String, Sendable, CaseIterable {
    case sms, email, phone
}

public struct Owner: Hashable, Sendable, Identifiable {
    public let id: OwnerID
    public var name: String
    public var phone: String?
    public var email: String?
    public var preferredChannel: ContactChannel

    public init(id: OwnerID, name: String, phone: String? = nil, email: String? = nil, preferredChannel: ContactChannel = .sms) {
        self.id = id
        self.name = name
        self.phone = phone
        self.email = email
        self.preferredChannel = preferredChannel
    }
}

public struct Pet: Hashable, Sendable, Identifiable {
    public let id: PetID
    public var name: String
    public var species: Species
    public var ownerID: OwnerID
    public var weightKg: Double

    public init(id: PetID, name: String, species: Species, ownerID: OwnerID, weightKg: Double) {
        self.id = id
        self.name = name
        self.species = species
        self.ownerID = ownerID
        self.weightKg = weightKg
    }
}
