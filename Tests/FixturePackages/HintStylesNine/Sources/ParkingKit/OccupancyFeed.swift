import ParkingCore

public struct ZoneUpdate: Hashable, Sendable {
    public let zone: ZoneID
    public let free: Int

    public init(zone: ZoneID, free: Int) {
        self.zone = zone
        self.free = free
    }
}

/// Parses the sensor gateway's line protocol ("ZONE:FREE") and fans updates out.
public actor OccupancyFeed {
    public nonisolated let updates: AsyncStream<ZoneUpdate>
    private let sink: AsyncStream<ZoneUpdate>.Continuation

    public private(set) var latest: [ZoneID: ZoneUpdate] = [:]
    public private(set) var rejectedLines: [String] = []
    private var zoneWaiters: [ZoneID: [CheckedContinuation<ZoneUpdate, Never>]] = [:]

    public init() {
        (updates, sink) = AsyncStream.makeStream(of: ZoneUpdate.self, bufferingPolicy: .bufferingNewest(64))
    }

    deinit {
        sink.finish()
    }

    /// Socket callback entry point. Must not block the socket thread.
    public nonisolated func ingest(_ line: String) {
        Task {
            await self.handle(line)
        }
    }

    public func publish(_ update: ZoneUpdate) {
        latest[update.zone] = update
        sink.yield(update)
        if let waiters = zoneWaiters.removeValue(forKey: update.zone) {
            for waiter in waiters {
                waiter.resume(returning: update)
            }
        }
    }

    /// Suspends until the next update for `zone` arrives.
    public func nextUpdate(for zone: ZoneID) async -> ZoneUpdate {
        await withCheckedContinuation { continuation in
            zoneWaiters[zone, default: []].append(continuation)
        }
    }

    private func handle(_ line: String) {
        let parts = line.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2,
              !parts[0].isEmpty,
              let free = Int(parts[1].trimmingCharacters(in: .whitespaces)),
              free >= 0
        else {
            rejectedLines.append(line)
            return
        }
        publish(ZoneUpdate(zone: ZoneID(rawValue: String(parts[0])), free: free))
    }
}
