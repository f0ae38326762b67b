import Foundation
import MooringModel

/// Shows which boats currently have water in the bilge.
@MainActor
public final class BilgeBoardViewModel {
    public private(set) var alarms: [SensorAlarm] = []

    private let hub: SensorHub

    public init(hub: SensorHub) {
        self.hub = hub
    }

    public func report(_ reading: SensorReading) {
        guard reading.kind == .bilge else { return }
        Task {
            if let alarm = await hub.ingest(reading) {
                self.alarms.append(alarm)
            }
        }
    }
}
