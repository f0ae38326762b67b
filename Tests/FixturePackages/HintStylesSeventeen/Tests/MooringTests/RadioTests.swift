import Foundation
import Testing
import XCTest
import MooringModel
import MooringServices

final class RadioDeskTests: XCTestCase {
    func testScheduledBroadcastIsLoggedOnce() async throws {
        let harness = RadioDeskHarness()
        let notice = RadioMessage(
            channel: 16,
            from: "MOORING CONTROL",
            body: "Securite: gale warning in force for the harbour approaches",
            priority: .securite
        )

        let handle = harness.desk.scheduleBroadcast(notice)
        await handle.value

        let logged = await harness.log.count
        XCTAssertEqual(logged, 1)
        // Leave a little time for a duplicate transmission to show up if the desk ever retries.
        try await Task.sleep(for: .milliseconds(50))
        let transmitted = await harness.transmitter.transmitted
        XCTAssertEqual(transmitted, [notice])
    }

    func testAcknowledgedCallIsStamped() async {
        let harness = RadioDeskHarness()
        let call = RadioMessage(channel: 80, from: "Seabird", body: "Requesting a berth for tonight")

        harness.desk.acknowledge(call)
        await harness.tick()

        let entries = await harness.log.entries
        XCTAssertEqual(entries.last?.body, "ACK SEABIRD: REQUESTING A BERTH FOR TONIGHT")
        XCTAssertEqual(entries.last?.from, "MOORING CONTROL")
    }
}

final class RadioCallsignTests: XCTestCase {
    override func invokeTest() {
        HarbourContext.$operatorCallsign.withValue("NORTH HARBOUR CONTROL") {
            super.invokeTest()
        }
    }

    func testOutgoingMessageCarriesOperatorCallsign() async {
        let composer = RadioComposer()

        let message = await composer.compose(body: "  Fuel berth closes at 1800  ", channel: 80)

        XCTAssertEqual(message.from, "NORTH HARBOUR CONTROL")
        XCTAssertEqual(message.body, "Fuel berth closes at 1800")
    }
}

@Suite struct HarbourRadioSuite {
    @Test func incomingTrafficIsDecoded() async {
        let radio = HarbourRadio()
        var traffic = radio.messages.makeAsyncIterator()

        radio.receive(raw: "16|Kittiwake|Entering the harbour, request fuel berth|routine")
        let message = await traffic.next()

        #expect(message?.from == "Kittiwake")
        #expect(message?.channel == 16)
        radio.close()
    }

    @Test func relayedTrafficIsLogged() async {
        let log = RadioLog()
        let relay = RadioRelay(log: log)
        let panPan = RadioMessage(channel: 16, from: "Osprey", body: "Engine failure off the north mole", priority: .panPan)

        relay.forward(panPan, toChannel: 80)

        #expect(await log.entries(onChannel: 80).map(\.from) == ["Osprey"])
    }

    @Test func loggedMessagesAreCounted() async {
        let log = RadioLog()

        await log.record(RadioMessage(channel: 80, from: "Seabird", body: "Leaving berth C-14"))
        await log.record(RadioMessage(channel: 16, from: "Coastguard", body: "Navigational warning", priority: .securite))

        #expect(await log.count == 2)
        #expect(await log.entries(atLeast: .securite).map(\.from) == ["Coastguard"])
    }
}
