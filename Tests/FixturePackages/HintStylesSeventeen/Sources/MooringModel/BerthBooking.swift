import Foundation

public enum BookingStatus: String, Sendable, Hashable {
    case held
    case confirmed
    case released
    case cancelled
}

public struct BerthBooking: Hashable, Sendable, Identifiable {
    public let id: UUID
    public let berthID: String
    public let boatName: String
    public let nights: Int
    public let status: BookingStatus

    public init(id: UUID = UUID(), berthID: String, boatName: String, nights: Int, status: BookingStatus = .held) {
        self.id = id
        self.berthID = berthID
        self.boatName = boatName
        self.nights = nights
        self.status = status
    }

    public func with(status: BookingStatus) -> BerthBooking {
        BerthBooking(id: id, berthID: berthID, boatName: boatName, nights: nights, status: status)
    }
}

public enum BookingError: Error, Equatable {
    case boatTooLong(boat: String, berth: String)
    case invalidNights
}
