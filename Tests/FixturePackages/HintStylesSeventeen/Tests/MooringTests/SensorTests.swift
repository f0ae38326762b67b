import Foundation
import Testing
import XCTest
import MooringModel
import MooringServices

final class SensorAlarmTests: XCTestCase {
    @MainActor
    func testAcknowledgedAlarmIsJournaled() async {
        let store = InMemoryAlarmJournalStore()
        let hub = SensorHub(journal: AlarmJournal(store: store))
        let alarm = await hub.ingest(SensorReading(boatName: "Seabird", kind: .bilge, value: 11))
        let panel = AlarmPanelViewModel(hub: hub, operatorName: "Night watch")

        panel.acknowledgeAlarm(alarm?.id ?? 0)

        let entries = await store.entries()
        XCTAssertEqual(entries, [AlarmJournalEntry(alarmID: 1, action: .acknowledged, by: "Night watch")])
    }

    func testShorePowerTripsOnOvercurrent() {
        let pedestals = RecordingPedestalController()
        let monitor = ShorePowerMonitor(pedestals: pedestals, breakerLimitAmps: 32)

        monitor.ingest(SensorReading(boatName: "Kittiwake", kind: .shorePower, value: 38))

        XCTAssertEqual(monitor.state(for: "Kittiwake"), .tripped)
    }

    func testBilgeReadingUploadIsAccepted() async {
        let endpoint = RecordingTelemetryEndpoint(status: 202)
        let uploader = BilgeUploader(endpoint: endpoint)
        let outcome = LockedBox<Int?>(nil)
        let uploaded = expectation(description: "bilge reading uploaded")

        uploader.upload(SensorReading(boatName: "Seabird", kind: .bilge, value: 3.5)) { result in
            outcome.value = try? result.get()
            uploaded.fulfill()
        }
        await fulfillment(of: [uploaded], timeout: 2)

        XCTAssertEqual(outcome.value, 202)
        XCTAssertEqual(endpoint.postedPaths, ["/v1/bilge/Seabird"])
    }
}

@Suite struct SensorBoardSuite {
    @Test @MainActor func bilgeAlarmAppearsOnBoard() async {
        let hub = SensorHub(journal: AlarmJournal(store: InMemoryAlarmJournalStore()))
        let board = BilgeBoardViewModel(hub: hub)

        board.report(SensorReading(boatName: "Osprey", kind: .bilge, value: 9))
        await Task.yield()

        #expect(board.alarms.map(\.boatName) == ["Osprey"])
    }

    @Test func shorePowerEventIsRecorded() async {
        let pedestals = RecordingPedestalController()
        let monitor = ShorePowerMonitor(pedestals: pedestals)

        monitor.ingest(SensorReading(boatName: "Seabird", kind: .shorePower, value: 41))
        await pollUntil { monitor.state(for: "Seabird") != .unknown }

        #expect(monitor.state(for: "Seabird") == .tripped)
        #expect(await pedestals.cutOff == ["Seabird"])
    }
}
