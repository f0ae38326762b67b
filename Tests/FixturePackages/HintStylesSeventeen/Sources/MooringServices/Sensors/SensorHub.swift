import Foundation
import MooringModel

/// Collects readings from boat sensors and raises alarms.
public actor SensorHub {
    public static let bilgeAlarmCentimetres = 5.0
    public static let shorePowerAlarmAmps = 32.0

    private var openAlarms: [Int: SensorAlarm] = [:]
    private var nextAlarmID = 1
    private let journal: AlarmJournal

    public init(journal: AlarmJournal) {
        self.journal = journal
    }

    public func ingest(_ reading: SensorReading) -> SensorAlarm? {
        let message: String
        switch reading.kind {
        case .bilge where reading.value > Self.bilgeAlarmCentimetres:
            message = "High bilge water on \(reading.boatName): \(Int(reading.value)) cm"
        case .shorePower where reading.value > Self.shorePowerAlarmAmps:
            message = "Shore power overload on \(reading.boatName): \(Int(reading.value)) A"
        default:
            return nil
        }
        let alarm = SensorAlarm(id: nextAlarmID, boatName: reading.boatName, kind: reading.kind, message: message)
        nextAlarmID += 1
        openAlarms[alarm.id] = alarm
        return alarm
    }

    public var activeAlarms: [SensorAlarm] {
        openAlarms.values.sorted { $0.id < $1.id }
    }

    /// Called from the UI without waiting: acknowledgement only needs to reach the journal.
    public nonisolated func acknowledge(alarmID: Int, by operatorName: String) {
        journal.recordAcknowledgement(alarmID: alarmID, by: operatorName)
    }

    public func clear(alarmID: Int) {
        openAlarms[alarmID] = nil
    }
}
