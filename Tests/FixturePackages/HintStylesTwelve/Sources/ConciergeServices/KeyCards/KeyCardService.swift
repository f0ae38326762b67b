import ConciergeCore
import Foundation

public struct EncodeRequest: Sendable, Equatable {
    public let room: RoomNumber
    public let holder: String
    public let validUntil: Date
    public let copies: Int

    public init(room: RoomNumber, holder: String, validUntil: Date, copies: Int = 1) {
        self.room = room
        self.holder = holder
        self.validUntil = validUntil
        self.copies = copies
    }
}

public enum KeyEncoderError: Error, Equatable {
    case encoderBusy
    case cardRejected
}

/// The RFID encoder on the front desk. Vendors ship callback-based SDKs.
public protocol KeyEncoder: Sendable {
    func encode(_ request: EncodeRequest, completion: @escaping @Sendable (Result<KeyCard, KeyEncoderError>) -> Void)
}

/// Issues room keys by driving the encoder hardware.
public actor KeyCardService {
    private let encoder: any KeyEncoder
    private let audit: AuditTrail?
    private var issued: [String: KeyCard] = [:]

    public init(encoder: any KeyEncoder, audit: AuditTrail? = nil) {
        self.encoder = encoder
        self.audit = audit
    }

    public func issueCard(for reservation: Reservation, room: RoomNumber, copies: Int = 1) async throws -> KeyCard {
        let request = EncodeRequest(
            room: room,
            holder: reservation.guest.fullName,
            validUntil: reservation.departure(atHour: 12),
            copies: copies
        )
        let card = try await encode(request)
        issued[card.serial] = card
        await audit?.record(.keyIssued, room: room, detail: card.serial)
        return card
    }

    public func issuedCards(for room: RoomNumber) -> [KeyCard] {
        issued.values.filter { $0.room == room }.sorted { $0.serial < $1.serial }
    }

    /// Bridges the vendor callback into async/await.
    private func encode(_ request: EncodeRequest) async throws -> KeyCard {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<KeyCard, Error>) in
            encoder.encode(request) { result in
                continuation.resume(with: result)
            }
        }
    }
}
