import Foundation
import IrrigationCore

/// Samples every moisture probe and keeps the latest picture of the beds.
public final class MoistureMonitor: @unchecked Sendable {
    private struct State {
        var latest: [ZoneID: MoistureReading] = [:]
        var dryZones: Set<ZoneID> = []
        var offlineZones: Set<ZoneID> = []
        var subscribers: [UUID: AsyncStream<MoistureReading>.Continuation] = [:]
        var watchTask: Task<Void, Never>?
    }

    private let sensors: [any MoistureSensor]
    private let state = Protected(State())
    public let dryThreshold: Double

    public init(sensors: [any MoistureSensor], dryThreshold: Double = 18.0) {
        self.sensors = sensors
        self.dryThreshold = dryThreshold
    }

    public var latest: [ZoneID: MoistureReading] { state.value.latest }
    public var dryZones: Set<ZoneID> { state.value.dryZones }
    public var offlineZones: Set<ZoneID> { state.value.offlineZones }
    public var drySpellDetected: Bool { !state.value.dryZones.isEmpty }

    /// Reads every probe concurrently and returns the readings in zone order.
    @discardableResult
    public func refresh() async -> [MoistureReading] {
        let results = await withTaskGroup(of: (ZoneID, MoistureReading?).self) { group in
            for sensor in sensors {
                group.addTask {
                    (sensor.zone, try? await sensor.read())
                }
            }
            var collected: [(ZoneID, MoistureReading?)] = []
            for await result in group {
                collected.append(result)
            }
            return collected
        }

        let readings = results.compactMap { $0.1 }.sorted { $0.zone < $1.zone }
        let offline = Set(results.filter { $0.1 == nil }.map { $0.0 })
        let threshold = dryThreshold
        let subscribers = state.mutate { state -> [AsyncStream<MoistureReading>.Continuation] in
            for reading in readings {
                state.latest[reading.zone] = reading
                if reading.volumetricWaterContent < threshold {
                    state.dryZones.insert(reading.zone)
                } else {
                    state.dryZones.remove(reading.zone)
                }
            }
            state.offlineZones = offline
            return Array(state.subscribers.values)
        }
        for reading in readings {
            for subscriber in subscribers {
                subscriber.yield(reading)
            }
        }
        return readings
    }

    /// A live feed of readings from every sweep, starting with the next one.
    public func readings() -> AsyncStream<MoistureReading> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: MoistureReading.self)
        continuation.onTermination = { [weak self] _ in
            self?.removeSubscriber(id)
        }
        state.mutate { $0.subscribers[id] = continuation }
        return stream
    }

    /// Starts sweeping the probes in the background, first sweep immediately.
    public func startWatching(every interval: Duration = .seconds(30)) {
        let task = Task { [weak self] in
            while !Task.isCancelled {
                guard let self else { return }
                await self.refresh()
                try? await Task.sleep(for: interval)
            }
        }
        let previous = state.mutate { state -> Task<Void, Never>? in
            let previous = state.watchTask
            state.watchTask = task
            return previous
        }
        previous?.cancel()
    }

    public func stopWatching() {
        let (task, subscribers) = state.mutate { state -> (Task<Void, Never>?, [AsyncStream<MoistureReading>.Continuation]) in
            let task = state.watchTask
            state.watchTask = nil
            let subscribers = Array(state.subscribers.values)
            state.subscribers.removeAll()
            return (task, subscribers)
        }
        task?.cancel()
        // Finish outside the lock: onTermination calls back into removeSubscriber.
        for subscriber in subscribers {
            subscriber.finish()
        }
    }

    private func removeSubscriber(_ id: UUID) {
        state.mutate { $0.subscribers[id] = nil }
    }
}
