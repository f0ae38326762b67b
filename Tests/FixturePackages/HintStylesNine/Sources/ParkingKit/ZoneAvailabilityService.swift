import ParkingCore

/// Keeps a cached map of free bays per zone for the map overlay.
public actor ZoneAvailabilityService {
    private let provider: any OccupancyProvider
    public private(set) var freeSpaces: [ZoneID: Int] = [:]
    public private(set) var failedZones: Set<ZoneID> = []
    public private(set) var refreshCount = 0

    public init(provider: any OccupancyProvider) {
        self.provider = provider
    }

    public func refresh(zones: [Zone]) async {
        refreshCount += 1

        if ParkingContext.isDemoMode {
            for zone in zones {
                freeSpaces[zone.id] = zone.capacity / 2
            }
            return
        }

        let provider = self.provider
        let readings = await withTaskGroup(of: (Zone, Int?).self) { group in
            for zone in zones {
                group.addTask {
                    (zone, try? await provider.occupiedSpaces(in: zone.id))
                }
            }
            var collected: [(Zone, Int?)] = []
            for await reading in group {
                collected.append(reading)
            }
            return collected
        }

        for (zone, occupied) in readings {
            if let occupied {
                freeSpaces[zone.id] = max(0, zone.capacity - occupied)
                failedZones.remove(zone.id)
            } else {
                failedZones.insert(zone.id)
            }
        }
    }

    /// Called from the map's `onAppear`; the UI never waits for it.
    public nonisolated func refreshInBackground(zones: [Zone]) {
        Task {
            await self.refresh(zones: zones)
        }
    }
}
