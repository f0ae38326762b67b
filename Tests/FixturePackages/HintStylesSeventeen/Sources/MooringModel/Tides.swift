import Foundation

public enum TideKind: String, Sendable, Hashable {
    case high = "H"
    case low = "L"
}

public struct TideEntry: Hashable, Sendable {
    public let minuteOfDay: Int
    public let heightMetres: Double
    public let kind: TideKind

    public init(minuteOfDay: Int, heightMetres: Double, kind: TideKind) {
        self.minuteOfDay = minuteOfDay
        self.heightMetres = heightMetres
        self.kind = kind
    }

    /// Parses an almanac line such as `"0412 H 4.6"`.
    public static func parse(_ line: String) -> TideEntry? {
        let parts = line.split(separator: " ")
        guard parts.count == 3,
              parts[0].count == 4,
              let hhmm = Int(parts[0]),
              let kind = TideKind(rawValue: String(parts[1])),
              let height = Double(parts[2]) else { return nil }
        let minutes = (hhmm / 100) * 60 + hhmm % 100
        return TideEntry(minuteOfDay: minutes, heightMetres: height, kind: kind)
    }

    public var clockTime: String {
        String(format: "%02d:%02d", minuteOfDay / 60, minuteOfDay % 60)
    }
}

public struct TideTable: Sendable, Equatable {
    public let port: String
    public let entries: [TideEntry]

    public init(port: String, entries: [TideEntry]) {
        self.port = port
        self.entries = entries.sorted { $0.minuteOfDay < $1.minuteOfDay }
    }

    public var highWaters: [TideEntry] { entries.filter { $0.kind == .high } }
    public var lowWaters: [TideEntry] { entries.filter { $0.kind == .low } }

    /// Height of tide using the usual cosine approximation between turning points.
    public func height(atMinute minute: Int) -> Double? {
        guard let after = entries.firstIndex(where: { $0.minuteOfDay >= minute }) else { return nil }
        let next = entries[after]
        if next.minuteOfDay == minute { return next.heightMetres }
        guard after > 0 else { return nil }
        let previous = entries[after - 1]
        let span = Double(next.minuteOfDay - previous.minuteOfDay)
        let fraction = Double(minute - previous.minuteOfDay) / span
        let shape = (1 - cos(Double.pi * fraction)) / 2
        return previous.heightMetres + (next.heightMetres - previous.heightMetres) * shape
    }

    /// Whether a boat drawing `draughtMetres` can cross a sill of `sillDepthMetres` at `minute`.
    public func canCrossSill(atMinute minute: Int, sillDepthMetres: Double, draughtMetres: Double, clearance: Double = 0.3) -> Bool {
        guard let height = height(atMinute: minute) else { return false }
        return sillDepthMetres + height >= draughtMetres + clearance
    }
}
