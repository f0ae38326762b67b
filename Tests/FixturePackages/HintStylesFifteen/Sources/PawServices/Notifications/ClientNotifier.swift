import Foundation
import PawModel

public struct ClientMessage: Hashable, Sendable {
    public var ownerID: OwnerID
    public var channel: ContactChannel
    public var body: String

    public init(ownerID: OwnerID, channel: ContactChannel, body: String) {
        self.ownerID = ownerID
        self.channel = channel
        self.body = body
    }
}

/// Outbound SMS / e-mail gateway.
public protocol ClientNotifier: Sendable {
    func deliver(_ message: ClientMessage) async throws
}

extension ClientNotifier {
    /// Delivers in order, stopping at the first failure; returns how many went out.
    @discardableResult
    public func deliverAll(_ messages: [ClientMessage]) async throws -> Int {
        var sent = 0
        for message in messages {
            try await deliver(message)
            sent += 1
        }
        return sent
    }
}

extension ClientMessage {
    static let shortDate: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE MMM d 'at' HH:mm"
        return formatter
    }()

    public static func confirmation(for appointment: Appointment, pet: Pet, owner: Owner) -> ClientMessage {
        let when = shortDate.string(from: appointment.start)
        return ClientMessage(
            ownerID: owner.id,
            channel: owner.preferredChannel,
            body: "Hi \(owner.name), \(pet.name) is booked with \(appointment.vetName) on \(when). Reply C to cancel."
        )
    }

    public static func receipt(_ receipt: PaymentReceipt, owner: Owner) -> ClientMessage {
        ClientMessage(
            ownerID: owner.id,
            channel: .email,
            body: "Thank you, \(owner.name). We received \(receipt.amount) for invoice \(receipt.invoiceNumber)."
        )
    }
}
