import Foundation
import IrrigationCore
import IrrigationKit

final class RecordingValveActuator: ValveActuator, @unchecked Sendable {
    private let log = Protected<[ValveCommand]>([])

    var commands: [ValveCommand] { log.value }

    func clearLog() {
        log.mutate { $0.removeAll() }
    }

    func send(_ command: ValveCommand) async throws {
        log.mutate { $0.append(command) }
    }
}

final class FakePumpDriver: PumpDriver, @unchecked Sendable {
    private let log = Protected<[Bool]>([])
    let pressure: Double

    init(pressure: Double = 2.1) {
        self.pressure = pressure
    }

    /// Every `setRunning` call, in order (`true` = start).
    var commands: [Bool] { log.value }

    func setRunning(_ running: Bool) async throws {
        log.mutate { $0.append(running) }
    }

    func pressureBar() async -> Double {
        pressure
    }
}

struct FakeMoistureSensor: MoistureSensor {
    let zone: ZoneID
    let percent: Double

    init(zone: ZoneID, percent: Double) {
        self.zone = zone
        self.percent = percent
    }

    func read() async throws -> MoistureReading {
        MoistureReading(zone: zone, volumetricWaterContent: percent, takenAt: Date())
    }
}

/// Stands in for the SMS pager; can be awaited until a number of pages arrived.
final class RecordingPager: AlertSink, @unchecked Sendable {
    private struct State {
        var pages: [IrrigationAlert] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        var onPage: (@Sendable (IrrigationAlert) -> Void)?
    }

    private let state = Protected(State())

    var pages: [IrrigationAlert] { state.value.pages }

    var onPage: (@Sendable (IrrigationAlert) -> Void)? {
        get { state.value.onPage }
        set { state.mutate { $0.onPage = newValue } }
    }

    func deliver(_ alert: IrrigationAlert) {
        let (callback, ready) = state.mutate { state -> ((@Sendable (IrrigationAlert) -> Void)?, [CheckedContinuation<Void, Never>]) in
            state.pages.append(alert)
            let delivered = state.pages.count
            let ready = state.waiters.filter { $0.count <= delivered }.map { $0.continuation }
            state.waiters.removeAll { $0.count <= delivered }
            return (state.onPage, ready)
        }
        callback?(alert)
        for continuation in ready {
            continuation.resume()
        }
    }

    /// Suspends until at least `count` pages have been delivered.
    func waitForPages(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let alreadyThere = state.mutate { state -> Bool in
                if state.pages.count >= count { return true }
                state.waiters.append((count: count, continuation: continuation))
                return false
            }
            if alreadyThere {
                continuation.resume()
            }
        }
    }
}

final class RecordingTransport: TelemetryTransport, @unchecked Sendable {
    private let log = Protected<[TelemetryBatch]>([])
    private let onUpload: (@Sendable (TelemetryBatch) -> Void)?

    init(onUpload: (@Sendable (TelemetryBatch) -> Void)? = nil) {
        self.onUpload = onUpload
    }

    var batches: [TelemetryBatch] { log.value }

    func upload(_ batch: TelemetryBatch) async throws {
        log.mutate { $0.append(batch) }
        onUpload?(batch)
    }
}

func flowSample(zone: ZoneID, _ litersPerMinute: Double) -> TelemetrySample {
    TelemetrySample(zone: zone, metric: .flowLitersPerMinute, value: litersPerMinute, takenAt: Date())
}

func makeTelemetry(transport: RecordingTransport, batchSize: Int) -> (recorder: TelemetryRecorder, batcher: TelemetryBatcher) {
    let uplink = UplinkScheduler(transport: transport)
    let batcher = TelemetryBatcher(uplink: uplink, batchSize: batchSize)
    return (TelemetryRecorder(batcher: batcher), batcher)
}

func sampleAlert(_ kind: IrrigationAlert.Kind, severity: AlertSeverity = .warning) -> IrrigationAlert {
    IrrigationAlert(kind: kind, severity: severity, source: "test", raisedAt: Date(timeIntervalSince1970: 1_714_539_600))
}

/// The whole panel wired to fakes, with a manual clock for pump cool-down.
@MainActor
struct ControllerRig {
    let actuator: RecordingValveActuator
    let driver: FakePumpDriver
    let clock: TestClock
    let store: InMemoryHistoryStore
    let transport: RecordingTransport
    let valves: ValveBank
    let pump: PumpController
    let history: WateringHistory
    let controller: IrrigationController

    init(telemetryBatchSize: Int = 1, pumpPressure: Double = 2.1) {
        let actuator = RecordingValveActuator()
        let driver = FakePumpDriver(pressure: pumpPressure)
        let clock = TestClock()
        let store = InMemoryHistoryStore()
        let transport = RecordingTransport()
        let valves = ValveBank(actuator: actuator)
        let pump = PumpController(driver: driver, clock: clock, cooldown: .seconds(300))
        let history = WateringHistory(store: store)
        let telemetry = makeTelemetry(transport: transport, batchSize: telemetryBatchSize)

        self.actuator = actuator
        self.driver = driver
        self.clock = clock
        self.store = store
        self.transport = transport
        self.valves = valves
        self.pump = pump
        self.history = history
        self.controller = IrrigationController(valves: valves, pump: pump, history: history, telemetry: telemetry.recorder)
    }
}
