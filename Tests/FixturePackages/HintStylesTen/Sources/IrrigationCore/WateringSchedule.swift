import Foundation

/// One watering slot: a zone, a start time of day and a duration.
public struct WateringWindow: Equatable, Sendable {
    public let zone: ZoneID
    public let startMinuteOfDay: Int
    public let durationMinutes: Int

    public init(zone: ZoneID, startMinuteOfDay: Int, durationMinutes: Int) {
        self.zone = zone
        self.startMinuteOfDay = startMinuteOfDay
        self.durationMinutes = durationMinutes
    }

    public var endMinuteOfDay: Int { startMinuteOfDay + durationMinutes }
}

public enum ScheduleIssue: Equatable, Sendable {
    case empty
    case tooLong(ZoneID, minutes: Int)
    /// The single pump can only feed one zone at a time.
    case overlapping(ZoneID, ZoneID)
}

public enum ScheduleParseError: Error, Equatable, Sendable {
    case malformedLine(Int, String)
}

/// A daily watering plan, written by growers in a tiny line format:
///
///     # comment
///     zone 2 at 06:30 for 15m
public struct WateringSchedule: Equatable, Sendable {
    public var name: String
    public var windows: [WateringWindow]

    public init(name: String, windows: [WateringWindow]) {
        self.name = name
        self.windows = windows
    }

    public static func parse(name: String, _ text: String) throws -> WateringSchedule {
        var windows: [WateringWindow] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, rawLine) in lines.enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let parts = line.split(separator: " ").map(String.init)
            guard parts.count == 6, parts[0] == "zone", parts[2] == "at", parts[4] == "for",
                  let zone = Int(parts[1]),
                  let start = minuteOfDay(parts[3]),
                  parts[5].hasSuffix("m"),
                  let minutes = Int(parts[5].dropLast()), minutes > 0
            else {
                throw ScheduleParseError.malformedLine(index + 1, line)
            }
            windows.append(WateringWindow(zone: ZoneID(zone), startMinuteOfDay: start, durationMinutes: minutes))
        }
        return WateringSchedule(name: name, windows: windows)
    }

    static func minuteOfDay(_ text: String) -> Int? {
        let pieces = text.split(separator: ":")
        guard pieces.count == 2,
              let hour = Int(pieces[0]), let minute = Int(pieces[1]),
              (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        return hour * 60 + minute
    }

    /// Problems a grower should fix before the schedule is activated.
    public func validate(maxMinutesPerWindow: Int = 60) -> [ScheduleIssue] {
        if windows.isEmpty { return [.empty] }
        var issues: [ScheduleIssue] = []
        for window in windows where window.durationMinutes > maxMinutesPerWindow {
            issues.append(.tooLong(window.zone, minutes: window.durationMinutes))
        }
        let ordered = windows.sorted { $0.startMinuteOfDay < $1.startMinuteOfDay }
        for (earlier, later) in zip(ordered, ordered.dropFirst()) where earlier.endMinuteOfDay > later.startMinuteOfDay {
            issues.append(.overlapping(earlier.zone, later.zone))
        }
        return issues
    }
}
