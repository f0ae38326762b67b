import ConciergeCore
import Foundation

/// In-room TV / tablet push channel.
public protocol PushTransport: Sendable {
    func push(_ text: String, to room: RoomNumber) async
}

/// Something that greets guests on the in-room screen when they are checked in.
public protocol ArrivalAnnouncing: Sendable {
    var transport: any PushTransport { get }
    var propertyName: String { get }
    func announceArrival(of guest: Guest, in room: RoomNumber)
}

public extension ArrivalAnnouncing {
    var propertyName: String { "The Concierge Hotel" }

    func announceArrival(of guest: Guest, in room: RoomNumber) {
        enqueuePush(welcomeText(for: guest, room: room), to: room)
    }

    func welcomeText(for guest: Guest, room: RoomNumber) -> String {
        switch guest.tier {
        case .platinum, .gold:
            return "Welcome back to \(propertyName), \(guest.firstName). Enjoy the executive lounge on floor 12."
        case .silver, .member:
            return "Welcome to \(propertyName), \(guest.firstName). Your room is \(room)."
        }
    }

    func enqueuePush(_ text: String, to room: RoomNumber) {
        let transport = self.transport
        Task {
            await transport.push(text, to: room)
        }
    }
}

/// Default announcer: uses the protocol's greeting and delivery.
public struct LobbyAnnouncer: ArrivalAnnouncing {
    public let transport: any PushTransport

    public init(transport: any PushTransport) {
        self.transport = transport
    }
}
