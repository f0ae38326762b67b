import XCTest
import IrrigationCore
import IrrigationKit

final class TelemetryTests: XCTestCase {
    @MainActor
    func testSingleFlowReadingIsNeverUploadedTwice() async throws {
        let rig = ControllerRig(telemetryBatchSize: 1)

        rig.controller.reportFlow(zone: ZoneID(2), litersPerMinute: 3.5)

        XCTAssertLessThanOrEqual(rig.transport.batches.count, 1, "one reading, at most one upload")
        XCTAssertEqual(rig.controller.lastFlow[ZoneID(2)], 3.5)
    }

    func testUploadedBatchCarriesBothSamples() async throws {
        let uploaded = expectation(description: "batch uploaded")
        let transport = RecordingTransport(onUpload: { _ in uploaded.fulfill() })
        let telemetry = makeTelemetry(transport: transport, batchSize: 2)

        telemetry.recorder.record(flowSample(zone: ZoneID(1), 2.0))
        telemetry.recorder.record(flowSample(zone: ZoneID(2), 3.0))
        await fulfillment(of: [uploaded], timeout: 5)

        XCTAssertEqual(transport.batches.first?.samples.map(\.zone), [ZoneID(1), ZoneID(2)])
        XCTAssertEqual(transport.batches.first?.sequence, 1)
    }

    func testBatchReachesUplinkWithinTimerWindow() async throws {
        let transport = RecordingTransport()
        let telemetry = makeTelemetry(transport: transport, batchSize: 1)

        telemetry.recorder.record(flowSample(zone: ZoneID(3), 1.1))
        let window = expectation(description: "upload window elapsed")
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(250)) {
            window.fulfill()
        }
        await fulfillment(of: [window], timeout: 2)

        XCTAssertEqual(transport.batches.count, 1)
        XCTAssertEqual(telemetry.batcher.bufferedCount, 0)
    }
}
