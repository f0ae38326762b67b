import Foundation
import MooringModel

/// The alarm list on the night watchman's tablet.
@MainActor
public final class AlarmPanelViewModel {
    public private(set) var acknowledged: Set<Int> = []

    private let hub: SensorHub
    private let operatorName: String

    public init(hub: SensorHub, operatorName: String) {
        self.hub = hub
        self.operatorName = operatorName
    }

    public func acknowledgeAlarm(_ id: Int) {
        guard !acknowledged.contains(id) else { return }
        acknowledged.insert(id)
        hub.acknowledge(alarmID: id, by: operatorName)
    }
}
