import Foundation

public struct PlannedRun: Equatable, Sendable {
    public let window: WateringWindow
    public let date: Date

    public init(window: WateringWindow, date: Date) {
        self.window = window
        self.date = date
    }
}

/// Works out which window of a schedule fires next, relative to "now"
/// (`DripEnvironment.currentDate()`), in the greenhouse's time zone.
public struct WateringPlanner: Sendable {
    public var calendar: Calendar

    public init(timeZone: TimeZone = TimeZone(identifier: "UTC")!) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    public func nextRun(of schedule: WateringSchedule) -> PlannedRun? {
        let now = DripEnvironment.currentDate()
        let startOfDay = calendar.startOfDay(for: now)
        let minuteNow = Int(now.timeIntervalSince(startOfDay) / 60)
        let candidates = schedule.windows.map { window -> PlannedRun in
            let dayOffset = window.startMinuteOfDay > minuteNow ? 0 : 1
            let seconds = TimeInterval(dayOffset * 86_400 + window.startMinuteOfDay * 60)
            return PlannedRun(window: window, date: startOfDay.addingTimeInterval(seconds))
        }
        return candidates.min { $0.date < $1.date }
    }
}
