import Foundation
@testable import ThermoKit

/// Scripted temperature sensor + heater relay.
final class FakeSensor: @unchecked Sendable {
    private let lock = NSLock()
    private var queued: [Double]
    private var commands: [Bool] = []
    private var reads = 0
    let latency: Duration?

    init(readings: [Double], latency: Duration? = nil) {
        self.queued = readings
        self.latency = latency
    }

    var heaterCommands: [Bool] {
        lock.lock(); defer { lock.unlock() }
        return commands
    }

    var readCount: Int {
        lock.lock(); defer { lock.unlock() }
        return reads
    }

    func record(_ command: Bool) {
        lock.lock(); defer { lock.unlock() }
        commands.append(command)
    }

    func reset() {
        lock.lock(); defer { lock.unlock() }
        commands.removeAll()
        reads = 0
    }

    private func nextReading() -> Double {
        lock.lock(); defer { lock.unlock() }
        reads += 1
        if queued.count > 1 { return queued.removeFirst() }
        return queued.first ?? 20
    }

    func client() -> SensorClient {
        SensorClient(
            readTemperature: { [self] in
                if let latency {
                    try await Task.sleep(for: latency)
                }
                return nextReading()
            },
            setHeater: { [self] on in
                record(on)
            }
        )
    }
}

/// Firmware server stand-in that serves fixed chunks, later chunks faster.
final class FakeFirmwareSource: @unchecked Sendable {
    private let lock = NSLock()
    private var fetched: [Int] = []
    let chunks: [[UInt8]]
    let perChunkDelay: Duration

    init(chunks: [[UInt8]], perChunkDelay: Duration = .zero) {
        self.chunks = chunks
        self.perChunkDelay = perChunkDelay
    }

    var fetchedIndices: [Int] {
        lock.lock(); defer { lock.unlock() }
        return fetched.sorted()
    }

    func record(_ index: Int) {
        lock.lock(); defer { lock.unlock() }
        fetched.append(index)
    }

    func reset() {
        lock.lock(); defer { lock.unlock() }
        fetched.removeAll()
    }

    func source() -> FirmwareSource {
        FirmwareSource(
            chunkCount: { [chunks] in chunks.count },
            fetchChunk: { [self] index in
                record(index)
                try await Task.sleep(for: perChunkDelay * (chunks.count - index))
                return chunks[index]
            }
        )
    }
}

/// Subscribes to a bus and keeps everything it sees.
final class EventRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [ThermostatEvent] = []
    private var consumer: Task<Void, Never>?

    var events: [ThermostatEvent] {
        lock.lock(); defer { lock.unlock() }
        return received
    }

    func attach(to bus: EventBus) {
        let stream = bus.subscribe()
        consumer = Task { [weak self] in
            for await event in stream {
                self?.append(event)
            }
        }
    }

    func detach() {
        consumer?.cancel()
    }

    private func append(_ event: ThermostatEvent) {
        lock.lock(); defer { lock.unlock() }
        received.append(event)
    }

    deinit {
        consumer?.cancel()
    }
}

/// Everything a controller test usually needs.
struct ControllerRig: Sendable {
    let controller: ThermostatController
    let sensor: FakeSensor
    let bus: EventBus

    static func make(
        readings: [Double],
        latency: Duration? = nil,
        setpoint: Double = 21
    ) -> ControllerRig {
        let sensor = FakeSensor(readings: readings, latency: latency)
        let bus = EventBus()
        let controller = ThermostatController(
            sensor: sensor.client(),
            bus: bus,
            policy: Hysteresis(setpoint: setpoint)
        )
        return ControllerRig(controller: controller, sensor: sensor, bus: bus)
    }
}
