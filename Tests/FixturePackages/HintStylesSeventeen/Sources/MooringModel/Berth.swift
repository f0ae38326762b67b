import Foundation

/// A single mooring slot on one of the marina's pontoons.
public struct Berth: Hashable, Sendable, Identifiable {
    public let id: String
    public let pontoon: String
    public let maxLengthMetres: Double
    public let hasShorePower: Bool

    public init(id: String, pontoon: String, maxLengthMetres: Double, hasShorePower: Bool = true) {
        self.id = id
        self.pontoon = pontoon
        self.maxLengthMetres = maxLengthMetres
        self.hasShorePower = hasShorePower
    }

    public func fits(_ boat: BoatProfile) -> Bool {
        boat.lengthMetres <= maxLengthMetres
    }
}

public struct BoatProfile: Hashable, Sendable {
    public let name: String
    public let lengthMetres: Double
    public let ownerEmail: String

    public init(name: String, lengthMetres: Double, ownerEmail: String) {
        self.name = name
        self.lengthMetres = lengthMetres
        self.ownerEmail = ownerEmail
    }
}
