import Foundation
import IrrigationCore

public struct TelemetrySample: Equatable, Sendable {
    public enum Metric: String, Sendable {
        case flowLitersPerMinute
        case pumpPressureBar
        case soilMoisture
    }

    public let zone: ZoneID
    public let metric: Metric
    public let value: Double
    public let takenAt: Date

    public init(zone: ZoneID, metric: Metric, value: Double, takenAt: Date) {
        self.zone = zone
        self.metric = metric
        self.value = value
        self.takenAt = takenAt
    }
}

public struct TelemetryBatch: Equatable, Sendable {
    public let sequence: Int
    public let samples: [TelemetrySample]

    public init(sequence: Int, samples: [TelemetrySample]) {
        self.sequence = sequence
        self.samples = samples
    }
}

/// The cellular uplink to the farm dashboard.
public protocol TelemetryTransport: Sendable {
    func upload(_ batch: TelemetryBatch) async throws
}

/// Hands finished batches to the network without blocking the caller.
public final class UplinkScheduler: @unchecked Sendable {
    private let transport: any TelemetryTransport
    private let failed = Protected<[TelemetryBatch]>([])

    public init(transport: any TelemetryTransport) {
        self.transport = transport
    }

    public var failedBatches: [TelemetryBatch] { failed.value }

    public func transmit(_ batch: TelemetryBatch) {
        let transport = self.transport
        let failed = self.failed
        Task.detached(priority: .background) {
            do {
                try await transport.upload(batch)
            } catch {
                failed.mutate { $0.append(batch) }
            }
        }
    }
}

/// Groups samples into batches so the modem wakes up less often.
public final class TelemetryBatcher: @unchecked Sendable {
    private struct Buffer {
        var samples: [TelemetrySample] = []
        var nextSequence = 1
    }

    private let buffer = Protected(Buffer())
    private let uplink: UplinkScheduler
    public let batchSize: Int

    public init(uplink: UplinkScheduler, batchSize: Int = 20) {
        self.uplink = uplink
        self.batchSize = max(1, batchSize)
    }

    public var bufferedCount: Int { buffer.value.samples.count }

    public func add(_ sample: TelemetrySample) {
        let limit = batchSize
        let ready = buffer.mutate { buffer -> TelemetryBatch? in
            buffer.samples.append(sample)
            guard buffer.samples.count >= limit else { return nil }
            let batch = TelemetryBatch(sequence: buffer.nextSequence, samples: buffer.samples)
            buffer.samples.removeAll()
            buffer.nextSequence += 1
            return batch
        }
        if let ready {
            uplink.transmit(ready)
        }
    }
}

/// Entry point for telemetry; callable from sensor callbacks and the main actor alike.
public actor TelemetryRecorder {
    private let batcher: TelemetryBatcher

    public init(batcher: TelemetryBatcher) {
        self.batcher = batcher
    }

    public nonisolated var pendingSamples: Int {
        batcher.bufferedCount
    }

    public nonisolated func record(_ sample: TelemetrySample) {
        batcher.add(sample)
    }
}
