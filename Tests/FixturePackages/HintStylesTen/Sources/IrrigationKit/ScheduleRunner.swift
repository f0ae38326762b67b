import Foundation
import IrrigationCore

/// Turns a daily `WateringSchedule` into valve open/close timers.
public final class ScheduleRunner: @unchecked Sendable {
    private let clock: any DripClock
    private let valves: ValveBank
    private let timers = Protected<[DripTimer]>([])

    public init(clock: any DripClock, valves: ValveBank) {
        self.clock = clock
        self.valves = valves
    }

    public var scheduledTimerCount: Int { timers.value.count }

    /// Arms timers for every window, relative to the current minute of the day.
    public func start(_ schedule: WateringSchedule, currentMinuteOfDay: Int) {
        cancel()
        let valves = self.valves
        var created: [DripTimer] = []
        for window in schedule.windows {
            let lead = (window.startMinuteOfDay - currentMinuteOfDay + 1_440) % 1_440
            let zone = window.zone
            created.append(clock.schedule(after: .seconds(lead * 60)) {
                try? await valves.open(zone)
            })
            created.append(clock.schedule(after: .seconds((lead + window.durationMinutes) * 60)) {
                try? await valves.close(zone)
            })
        }
        timers.mutate { $0 = created }
    }

    public func cancel() {
        let old = timers.mutate { timers -> [DripTimer] in
            let old = timers
            timers = []
            return old
        }
        for timer in old {
            timer.cancel()
        }
    }
}
