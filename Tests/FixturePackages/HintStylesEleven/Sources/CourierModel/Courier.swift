import Foundation

public enum Vehicle: String, Sendable, Codable, CaseIterable {
    case bicycle
    case scooter
    case car

    /// Typical door-to-door speed in a dense city, including lights and parking.
    public var averageSpeedKmh: Double {
        switch self {
        case .bicycle: return 15
        case .scooter: return 25
        case .car: return 22
        }
    }
}

public struct Courier: Identifiable, Hashable, Sendable {
    public let id: CourierID
    public var name: String
    public var vehicle: Vehicle
    public var location: Coordinate
    public var isAvailable: Bool

    public init(id: CourierID, name: String, vehicle: Vehicle, location: Coordinate, isAvailable: Bool = true) {
        self.id = id
        self.name = name
        self.vehicle = vehicle
        self.location = location
        self.isAvailable = isAvailable
    }
}
