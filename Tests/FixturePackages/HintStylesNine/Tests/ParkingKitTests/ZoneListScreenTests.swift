import ParkingCore
import ParkingKit
import Testing

@MainActor
@Suite("Zone list screen")
struct ZoneListScreenTests {
    @Test func extendButtonShowsProgress() {
        let recorder = ExtensionRecorder()
        let model = ParkingViewModel(directory: StubZoneDirectory.harbourDistrict) { sessionID, by in
            await recorder.record(sessionID, by)
        }

        model.didTapExtend(sessionID: "S-9", by: .seconds(15 * 60))

        #expect(model.isExtending)
        #expect(model.lastExtensionError == nil)
    }
}
