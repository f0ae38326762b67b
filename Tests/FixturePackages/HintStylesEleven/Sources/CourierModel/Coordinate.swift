import Foundation

public struct Coordinate: Hashable, Sendable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Great-circle distance using the haversine formula.
    public func distanceKilometres(to other: Coordinate) -> Double {
        let earthRadiusKm = 6_371.0
        let radians = Double.pi / 180
        let lat1 = latitude * radians
        let lat2 = other.latitude * radians
        let deltaLat = (other.latitude - latitude) * radians
        let deltaLon = (other.longitude - longitude) * radians
        let sinLat = sin(deltaLat / 2)
        let sinLon = sin(deltaLon / 2)
        let cosProduct = cos(lat1) * cos(lat2)
        let a = sinLat * sinLat + cosProduct * sinLon * sinLon
        let c = 2 * atan2(sqrt(a), sqrt(1 - a))
        return earthRadiusKm * c
    }
}
