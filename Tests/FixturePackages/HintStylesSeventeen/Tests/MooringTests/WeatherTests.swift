import Foundation
import Testing
import XCTest
import MooringModel
import MooringServices

final class WeatherBroadcastTests: XCTestCase {
    func testPublishedWarningReachesDockBoard() async {
        let board = RecordingDockBoard()
        let center = WeatherWarningCenter(clock: SystemMarinaClock(), board: board)

        center.publish(Fixtures.gale())
        await pause(seconds: 0.25)

        let shown = await board.shown
        XCTAssertEqual(shown.map(\.id), ["gale-0417"])
    }

    func testGaleWarningIsPlayedOnPontoonSpeakers() async {
        let pontoonA = RecordingPontoonSpeaker(pontoon: "A")
        let pontoonC = RecordingPontoonSpeaker(pontoon: "C")
        let broadcaster: any WarningBroadcasting = PontoonSpeakerBroadcaster(speakers: [pontoonA, pontoonC])

        broadcaster.broadcast(Fixtures.gale())
        await broadcaster.settle()

        let playedOnA = await pontoonA.played
        let playedOnC = await pontoonC.played
        XCTAssertEqual(playedOnA.count, 1)
        XCTAssertEqual(playedOnC.count, 1)
        XCTAssertTrue(playedOnA.first?.contains("gale warning is in force") ?? false)
    }
}

@Suite struct WeatherCenterSuite {
    @Test func warningExpiresAfterValidity() async {
        let clock = ManualMarinaClock()
        let board = RecordingDockBoard()
        let center = WeatherWarningCenter(clock: clock, board: board)

        await center.post(Fixtures.gale(validFor: .seconds(6 * 3600)))
        await clock.advance(by: .seconds(6 * 3600))

        #expect(await center.activeWarnings.isEmpty)
        #expect(await board.cleared == ["gale-0417"])
    }
}
