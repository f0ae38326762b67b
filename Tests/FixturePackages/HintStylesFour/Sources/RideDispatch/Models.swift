public struct Coordinate: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

extension Coordinate {
    /// Flat-earth distance; plenty for intra-city matching.
    public func distance(to other: Coordinate) -> Double {
        let dLat = latitude - other.latitude
        let dLon = longitude - other.longitude
        return (dLat * dLat + dLon * dLon).squareRoot()
    }
}

public struct Driver: Sendable, Equatable, Identifiable {
    public let id: String
    public var position: Coordinate
    public var region: String

    public init(id: String, position: Coordinate, region: String = "citywide") {
        self.id = id
        self.position = position
        self.region = region
    }
}

public struct RideRequest: Sendable, Equatable {
    public let riderID: String
    public let pickup: Coordinate

    public init(riderID: String, pickup: Coordinate) {
        self.riderID = riderID
        self.pickup = pickup
    }
}

public struct Assignment: Sendable, Equatable {
    public let request: RideRequest
    public let driverID: String
}

public enum DispatchError: Error, Equatable {
    case noDriversAvailable
}

public enum RiderEvent: Sendable, Equatable {
    case searching(riderID: String)
    case driverAssigned(riderID: String, driverID: String)
}
