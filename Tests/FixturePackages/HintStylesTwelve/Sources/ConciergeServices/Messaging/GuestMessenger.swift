import ConciergeCore
import Foundation

/// SMS / TV-portal / app push provider.
public protocol MessageGateway: Sendable {
    func deliver(_ message: GuestMessage) async throws
}

/// Messages guests send back to the desk.
public actor FrontDeskInbox {
    private var threads: [RoomNumber: [GuestMessage]] = [:]
    private var escalations: [GuestMessage] = []

    public init() {}

    public func file(_ message: GuestMessage) {
        threads[message.room, default: []].append(message)
        if message.needsEscalation {
            escalations.append(message)
        }
    }

    public func thread(for room: RoomNumber) -> [GuestMessage] {
        threads[room] ?? []
    }

    public func escalated() -> [GuestMessage] {
        escalations
    }
}

/// Sends messages to guests and reports delivery receipts on a stream the desk UI observes.
public actor GuestMessenger {
    public nonisolated let receipts: AsyncStream<DeliveryReceipt>
    private nonisolated let receiptSink: AsyncStream<DeliveryReceipt>.Continuation

    private let gateway: any MessageGateway
    private let inbox: FrontDeskInbox
    private var outbox: [UUID: GuestMessage] = [:]
    private var delivered: [DeliveryReceipt] = []

    public init(gateway: any MessageGateway, inbox: FrontDeskInbox = FrontDeskInbox()) {
        self.gateway = gateway
        self.inbox = inbox
        let (stream, continuation) = AsyncStream.makeStream(of: DeliveryReceipt.self, bufferingPolicy: .unbounded)
        self.receipts = stream
        self.receiptSink = continuation
    }

    public func send(_ message: GuestMessage) async {
        outbox[message.id] = message
        switch DeskEnvironment.sideEffects {
        case .inline:
            await deliver(message)
        case .background:
            Task { await self.deliver(message) }
        }
    }

    public func broadcast(_ body: String, to rooms: [RoomNumber], channel: MessageChannel = .tvPortal) async {
        for room in rooms {
            await send(GuestMessage(room: room, body: body, channel: channel))
        }
    }

    /// Called by the gateway webhook when a guest replies.
    public func receive(_ inbound: GuestMessage) {
        let inbox = self.inbox
        Task {
            await inbox.file(inbound)
        }
    }

    public var pendingCount: Int { outbox.count }

    public func deliveredReceipts() -> [DeliveryReceipt] {
        delivered
    }

    private func deliver(_ message: GuestMessage) async {
        let receipt: DeliveryReceipt
        do {
            try await gateway.deliver(message)
            receipt = DeliveryReceipt(messageID: message.id, room: message.room, status: .delivered)
        } catch {
            receipt = DeliveryReceipt(messageID: message.id, room: message.room, status: .failed(reason: String(describing: error)))
        }
        outbox.removeValue(forKey: message.id)
        delivered.append(receipt)
        receiptSink.yield(receipt)
    }
}
