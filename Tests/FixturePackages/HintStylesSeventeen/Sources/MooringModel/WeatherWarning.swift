import Foundation

public enum WarningLevel: Int, Sendable, Hashable, Comparable {
    case advisory
    case strongWind
    case gale
    case storm

    public static func < (lhs: WarningLevel, rhs: WarningLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    public var spokenName: String {
        switch self {
        case .advisory: return "advisory"
        case .strongWind: return "strong wind warning"
        case .gale: return "gale warning"
        case .storm: return "storm warning"
        }
    }
}

public struct WeatherWarning: Hashable, Sendable, Identifiable {
    public let id: String
    public let level: WarningLevel
    public let text: String
    public let validFor: Duration

    public init(id: String, level: WarningLevel, text: String, validFor: Duration) {
        self.id = id
        self.level = level
        self.text = text
        self.validFor = validFor
    }
}
