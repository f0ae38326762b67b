import Foundation

public enum SensorKind: String, Sendable, Hashable {
    /// Water depth in the bilge, centimetres.
    case bilge
    /// Current drawn from the pedestal, amps.
    case shorePower
}

public struct SensorReading: Hashable, Sendable, Codable {
    public let boatName: String
    public let kind: SensorKind
    public let value: Double

    public init(boatName: String, kind: SensorKind, value: Double) {
        self.boatName = boatName
        self.kind = kind
        self.value = value
    }
}

extension SensorKind: Codable {}

public struct SensorAlarm: Hashable, Sendable, Identifiable {
    public let id: Int
    public let boatName: String
    public let kind: SensorKind
    public let message: String

    public init(id: Int, boatName: String, kind: SensorKind, message: String) {
        self.id = id
        self.boatName = boatName
        self.kind = kind
        self.message = message
    }
}

public enum ShorePowerState: Hashable, Sendable {
    case unknown
    case normal
    case tripped
}

public struct AlarmJournalEntry: Hashable, Sendable {
    public enum Action: String, Sendable { case raised, acknowledged, cleared }

    public let alarmID: Int
    public let action: Action
    public let by: String

    public init(alarmID: Int, action: Action, by: String) {
        self.alarmID = alarmID
        self.action = action
        self.by = by
    }
}
