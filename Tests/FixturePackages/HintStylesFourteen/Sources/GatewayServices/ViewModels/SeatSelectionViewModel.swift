import Foundation
import GatewayModel

/// Backs the seat-map screen.
@MainActor
public final class SeatSelectionViewModel {
    public enum Status: Equatable {
        case idle
        case holding
        case held
        case failed(String)
    }

    public private(set) var selectedSeat: SeatNumber?
    public private(set) var status: Status = .idle
    public private(set) var fareQuote: Fare?

    private let holds: SeatHoldService
    private let quoter: FareQuoting
    private let passengerID: String

    public init(passengerID: String, holds: SeatHoldService, quoter: FareQuoting) {
        self.passengerID = passengerID
        self.holds = holds
        self.quoter = quoter
    }

    public func select(_ seat: SeatNumber) async {
        status = .holding
        do {
            try await holds.hold(seat, for: passengerID)
            selectedSeat = seat
            status = .held
            // Refresh the price banner without holding up the tap.
            Task {
                self.fareQuote = await quoter.quote(for: seat)
            }
        } catch {
            status = .failed("\(error)")
        }
    }
}
