import ConciergeCore
import ConciergeServices
import Foundation
import Testing

@Suite("Guest messaging")
struct GuestMessagingSuite {
    let gateway = RecordingMessageGateway()
    let inbox = FrontDeskInbox()
    let messenger: GuestMessenger

    init() {
        messenger = GuestMessenger(gateway: gateway, inbox: inbox)
    }

    @Test func deliveryReceiptArrivesOnStream() async throws {
        var receipts = messenger.receipts.makeAsyncIterator()
        let message = GuestMessage(room: 318, body: "Your airport shuttle leaves at 6:40.", channel: .sms)

        await messenger.send(message)
        let next = await receipts.next()
        let receipt = try #require(next)

        #expect(receipt.messageID == message.id)
        #expect(receipt.status == .delivered)
        let stillPending = await messenger.pendingCount
        #expect(stillPending == 0)
    }

    @Test func inlineDeliveryUnderTaskLocalScope() async {
        let message = GuestMessage.welcome(for: Fixtures.amara, room: 412)

        await DeskEnvironment.$sideEffects.withValue(.inline) {
            await messenger.send(message)
        }

        let sent = await gateway.sentMessages
        #expect(sent == [message])
        #expect(sent.first?.body.contains("complimentary breakfast") == true)
    }

    @Test func broadcastReachesEveryListedRoom() async {
        await messenger.broadcast("The pool closes early tonight at 8pm.", to: [301, 302, 305])
        await waitForDeliverySignal()

        let sent = await gateway.sentMessages
        #expect(Set(sent.map(\.room)) == [301, 302, 305])
        #expect(sent.allSatisfy { $0.channel == .tvPortal })
    }

    @Test func inboundReplyLandsInRoomThread() async {
        let reply = GuestMessage(
            room: 318,
            body: "Could we get two extra pillows please?",
            channel: .sms,
            direction: .inbound
        )

        await messenger.receive(reply)
        blockBriefly(milliseconds: 150)

        let thread = await inbox.thread(for: 318)
        #expect(thread == [reply])
        let escalated = await inbox.escalated()
        #expect(escalated.isEmpty)
    }
}
