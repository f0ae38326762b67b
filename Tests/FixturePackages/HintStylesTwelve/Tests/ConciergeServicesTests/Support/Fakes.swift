import ConciergeCore
import ConciergeServices
import Foundation

/// Stands in for the desk's RFID encoder: encodes on its own serial queue and calls back when the card is written.
final class BackgroundKeyEncoder: KeyEncoder, @unchecked Sendable {
    private let queue = DispatchQueue(label: "fake.key-encoder")
    private let requests = Locked<[EncodeRequest]>([])

    func encode(_ request: EncodeRequest, completion: @escaping @Sendable (Result<KeyCard, KeyEncoderError>) -> Void) {
        let requests = self.requests
        queue.async {
            let sequence = requests.withLock { log -> Int in
                log.append(request)
                return log.count
            }
            let card = KeyCard(
                serial: "KC-\(request.room)-\(sequence)",
                room: request.room,
                holder: request.holder,
                validUntil: request.validUntil
            )
            completion(.success(card))
        }
    }

    var encodedRequests: [EncodeRequest] { requests.snapshot }
}

actor RecordingMessageGateway: MessageGateway {
    private(set) var sentMessages: [GuestMessage] = []

    func deliver(_ message: GuestMessage) async throws {
        sentMessages.append(message)
    }
}

final class RecordingPushTransport: PushTransport, Sendable {
    private let pushes = Locked<[(text: String, room: RoomNumber)]>([])

    func push(_ text: String, to room: RoomNumber) async {
        pushes.withLock { $0.append((text, room)) }
    }

    func pushCount(toRoom room: RoomNumber) -> Int {
        pushes.withLock { log in log.filter { $0.room == room }.count }
    }
}

/// Records folio uploads; relies on the protocol's default late-checkout policy.
actor RecordingPropertySystem: PropertyManagementSystem {
    private(set) var uploadedFolios: [Folio] = []

    func uploadFolio(_ folio: Folio) async throws {
        uploadedFolios.append(folio)
    }
}

struct StubArrivals: ArrivalsProviding {
    let reservations: [Reservation]

    func arrivals(on date: Date) async -> [Reservation] {
        reservations
    }
}

struct StubRoomControls: RoomControlling {
    var acceptsChanges = true

    func setDoNotDisturb(_ enabled: Bool, room: RoomNumber) async -> Bool {
        acceptsChanges ? enabled : !enabled
    }
}

actor RecordingPager: AttendantPaging {
    struct Page: Equatable {
        let attendant: String
        let room: RoomNumber
        let reason: ServiceReason
    }

    private(set) var pages: [Page] = []

    func page(_ attendant: Attendant, room: RoomNumber, reason: ServiceReason) async {
        pages.append(Page(attendant: attendant.name, room: room, reason: reason))
    }
}

@MainActor
final class FakeBoardSource: HousekeepingBoardSource {
    private(set) var board: [BoardEntry]
    private(set) var inspections: [RoomNumber] = []

    init(board: [BoardEntry]) {
        self.board = board
    }

    func currentBoard() async -> [BoardEntry] {
        board
    }

    func submitInspection(of room: RoomNumber, passed: Bool) async -> BoardEntry {
        inspections.append(room)
        let attendant = board.first { $0.room == room }?.attendant
        let updated = BoardEntry(room: room, status: passed ? .inspected : .dirty, attendant: attendant)
        board.removeAll { $0.room == room }
        board.append(updated)
        return updated
    }
}
