import Foundation
import MooringModel

/// Tells the boat owner about changes to their booking (email, push, SMS…).
public protocol BookingNotifying: Sendable {
    func bookingConfirmed(_ booking: BerthBooking, code: String) async
    func bookingReleased(_ booking: BerthBooking) async
}

extension BookingNotifying {
    /// Most channels do not bother the owner about lapsed holds.
    public func bookingReleased(_ booking: BerthBooking) async {}
}
