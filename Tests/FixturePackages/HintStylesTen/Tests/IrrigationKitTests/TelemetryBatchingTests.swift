import Testing
import IrrigationCore
import IrrigationKit

@Suite struct TelemetryBatchingTests {
    @Test func batcherHoldsSamplesUntilBatchIsFull() {
        let transport = RecordingTransport()
        let telemetry = makeTelemetry(transport: transport, batchSize: 3)

        telemetry.batcher.add(flowSample(zone: ZoneID(1), 2.2))
        telemetry.batcher.add(flowSample(zone: ZoneID(2), 1.9))

        #expect(telemetry.batcher.bufferedCount == 2)
        #expect(telemetry.recorder.pendingSamples == 2)
        #expect(transport.batches.isEmpty)
    }
}
