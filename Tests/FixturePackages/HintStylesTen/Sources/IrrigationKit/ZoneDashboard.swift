import Foundation
import IrrigationCore

/// The zone detail card on the panel.
@MainActor
public final class ZoneDashboard {
    public struct ZoneCard: Equatable, Sendable {
        public let zone: ZoneID
        public let moisturePercent: Double?
        public let isDry: Bool

        public init(zone: ZoneID, moisturePercent: Double?, isDry: Bool) {
            self.zone = zone
            self.moisturePercent = moisturePercent
            self.isDry = isDry
        }
    }

    public private(set) var selectedZone: ZoneID?
    public private(set) var card: ZoneCard?
    private let monitor: MoistureMonitor
    private var loadTask: Task<Void, Never>?

    public init(monitor: MoistureMonitor) {
        self.monitor = monitor
    }

    public func select(_ zone: ZoneID) {
        selectedZone = zone
        loadTask?.cancel()
        loadTask = Task {
            let reading = monitor.latest[zone]
            guard !Task.isCancelled else { return }
            card = ZoneCard(
                zone: zone,
                moisturePercent: reading?.volumetricWaterContent,
                isDry: monitor.dryZones.contains(zone)
            )
        }
    }
}
