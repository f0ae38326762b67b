import Foundation
import IrrigationCore

/// The view model behind the greenhouse panel: starts watering, primes lines,
/// reports flow, and keeps the bookkeeping the panel shows.
@MainActor
public final class IrrigationController {
    public struct WateringJob: Equatable, Sendable {
        public let zone: ZoneID
        public let minutes: Int

        public init(zone: ZoneID, minutes: Int) {
            self.zone = zone
            self.minutes = minutes
        }
    }

    /// The job whose valve is open right now, set once the hardware confirmed it.
    public private(set) var pending: WateringJob?
    public private(set) var completedRuns: [WateringJob] = []
    public private(set) var lastError: String?
    public private(set) var lastFlow: [ZoneID: Double] = [:]
    public var minimumPressureBar: Double = 1.2

    private let valves: ValveBank
    private let pump: PumpController
    private let history: WateringHistory
    private let telemetry: TelemetryRecorder
    private var inFlight: Task<WateringJob?, Never>?

    public init(valves: ValveBank, pump: PumpController, history: WateringHistory, telemetry: TelemetryRecorder) {
        self.valves = valves
        self.pump = pump
        self.history = history
        self.telemetry = telemetry
    }

    /// Starts the pump and opens the zone; the returned task finishes once the
    /// valve is confirmed open (or the attempt failed).
    @discardableResult
    public func beginWatering(zone: ZoneID, minutes: Int, completion: (@Sendable () -> Void)? = nil) -> Task<WateringJob?, Never> {
        let task = Task { () async -> WateringJob? in
            defer { completion?() }
            do {
                try await pump.start()
                try await valves.open(zone)
                let job = WateringJob(zone: zone, minutes: minutes)
                pending = job
                return job
            } catch {
                lastError = "Could not start watering \(zone): \(error)"
                return nil
            }
        }
        inFlight = task
        return task
    }

    /// Button handler on the panel: fire and forget.
    public func requestWatering(zone: ZoneID, minutes: Int, completion: (@Sendable () -> Void)? = nil) {
        beginWatering(zone: zone, minutes: minutes, completion: completion)
    }

    public func cancelPendingRequest() {
        inFlight?.cancel()
        inFlight = nil
    }

    /// Opens each line briefly to purge air before the season starts.
    public func primeLines(_ zones: [ZoneID]) async throws {
        try await pump.start()
        async let pressure = pump.currentPressure()
        do {
            for zone in zones {
                try await valves.open(zone)
                try await valves.close(zone)
            }
        } catch {
            await pump.stop()
            throw error
        }
        let bar = await pressure
        await pump.stop()
        if bar < minimumPressureBar {
            lastError = "Low line pressure while priming: \(bar) bar"
        }
    }

    /// A hand-started cycle from the panel. The cycle itself is awaited; the
    /// history entry is persisted in the background.
    public func runManualCycle(zone: ZoneID, minutes: Int) async throws {
        try await pump.start()
        do {
            try await valves.open(zone)
            try await valves.close(zone)
        } catch {
            await pump.stop()
            lastError = "Manual cycle on \(zone) failed: \(error)"
            throw error
        }
        await pump.stop()
        completedRuns.append(WateringJob(zone: zone, minutes: minutes))
        history.record(WateringRecord(zone: zone, minutes: minutes, finishedAt: DripEnvironment.currentDate()))
    }

    /// Flow meter callback, forwarded to telemetry.
    public func reportFlow(zone: ZoneID, litersPerMinute: Double) {
        lastFlow[zone] = litersPerMinute
        telemetry.record(TelemetrySample(
            zone: zone,
            metric: .flowLitersPerMinute,
            value: litersPerMinute,
            takenAt: DripEnvironment.currentDate()
        ))
    }

    /// Waits for background bookkeeping before the panel shuts down.
    public func quiesce() async {
        await history.drain()
    }
}
