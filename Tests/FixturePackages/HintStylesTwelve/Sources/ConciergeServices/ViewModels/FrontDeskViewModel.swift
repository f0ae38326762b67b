import ConciergeCore
import Foundation

@MainActor
public final class FrontDeskViewModel {
    public private(set) var arrivals: [Reservation] = []
    public private(set) var isLoadingArrivals = false
    public private(set) var banner: String?

    private let arrivalsProvider: any ArrivalsProviding
    private let messenger: GuestMessenger

    public init(arrivalsProvider: any ArrivalsProviding, messenger: GuestMessenger) {
        self.arrivalsProvider = arrivalsProvider
        self.messenger = messenger
    }

    /// Reloads today's arrivals, VIPs first then by surname.
    @discardableResult
    public func refreshArrivals(on date: Date) -> Task<Void, Never> {
        isLoadingArrivals = true
        let provider = arrivalsProvider
        return Task {
            let list = await provider.arrivals(on: date)
            arrivals = list.sorted { lhs, rhs in
                if lhs.guest.tier != rhs.guest.tier {
                    return lhs.guest.tier > rhs.guest.tier
                }
                return lhs.guest.lastName < rhs.guest.lastName
            }
            isLoadingArrivals = false
        }
    }

    public func sendWelcome(to reservation: Reservation, room: RoomNumber) {
        banner = "Sending welcome to \(reservation.guest.fullName)…"
        let messenger = self.messenger
        let message = GuestMessage.welcome(for: reservation.guest, room: room)
        Task {
            await messenger.send(message)
            banner = nil
        }
    }
}
