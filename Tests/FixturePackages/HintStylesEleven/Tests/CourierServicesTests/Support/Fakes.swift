import Foundation
import CourierModel
import CourierServices

/// Collects analytics events; read it with `await`.
actor RecordingEventSink: EventSink {
    private(set) var events: [OrderEvent] = []

    func record(_ event: OrderEvent) {
        events.append(event)
    }

    func events(named name: String) -> [OrderEvent] {
        events.filter { $0.name == name }
    }
}

/// Collects analytics events behind a lock, for tests that read synchronously.
final class LockedEventLog: EventSink {
    private let storage = LockIsolated<[OrderEvent]>([])

    func record(_ event: OrderEvent) async {
        storage.withValue { $0.append(event) }
    }

    var events: [OrderEvent] {
        storage.snapshot
    }
}

struct PrinterJam: Error, Equatable {
    let station: KitchenStation
}

actor RecordingKitchenPrinter: KitchenPrinting {
    private(set) var printed: [KitchenTicket] = []
    private var jammedStations: Set<KitchenStation> = []

    func jam(_ station: KitchenStation) {
        jammedStations.insert(station)
    }

    func printTicket(_ ticket: KitchenTicket) throws {
        if jammedStations.contains(ticket.station) {
            throw PrinterJam(station: ticket.station)
        }
        printed.append(ticket)
    }
}

/// Records push notifications to couriers and lets a test suspend until they arrive.
actor RecordingCourierNotifier: CourierNotifying {
    struct Message: Equatable, Sendable {
        let courier: CourierID
        let text: String
    }

    private(set) var messages: [Message] = []
    private var waiters: [(count: Int, continuation: CheckedContinuation<[Message], Never>)] = []

    func notify(_ courier: CourierID, message: String) {
        messages.append(Message(courier: courier, text: message))
        let satisfied = waiters.filter { messages.count >= $0.count }
        waiters.removeAll { messages.count >= $0.count }
        for waiter in satisfied {
            waiter.continuation.resume(returning: messages)
        }
    }

    /// Returns once at least `count` notifications have been sent.
    func waitForMessages(count: Int = 1) async -> [Message] {
        if messages.count >= count {
            return messages
        }
        return await withCheckedContinuation { continuation in
            waiters.append((count: count, continuation: continuation))
        }
    }
}

actor RecordingCustomerNotifier: CustomerNotifying {
    struct Message: Equatable, Sendable {
        let customer: CustomerID
        let text: String
    }

    private(set) var messages: [Message] = []

    func notify(_ customer: CustomerID, message: String) {
        messages.append(Message(customer: customer, text: message))
    }
}

final class RecordingReceiptMailer: ReceiptMailing {
    private let sent = LockIsolated<[Receipt]>([])
    private let onSend: (@Sendable (Receipt) -> Void)?

    init(onSend: (@Sendable (Receipt) -> Void)? = nil) {
        self.onSend = onSend
    }

    var sentReceipts: [Receipt] {
        sent.snapshot
    }

    func send(_ receipt: Receipt, to customer: CustomerID) async throws {
        sent.withValue { $0.append(receipt) }
        onSend?(receipt)
    }
}

/// Pretends the map-matching service put every fix on the same road segment.
struct FixedRoadSnapper: RoadSnapping {
    let snapped: Coordinate

    func snap(_ coordinate: Coordinate) async -> Coordinate {
        snapped
    }
}

struct StaticAssignmentLookup: AssignmentLookup {
    let table: [OrderID: CourierID]

    func courier(assignedTo orderID: OrderID) async -> CourierID? {
        table[orderID]
    }
}
