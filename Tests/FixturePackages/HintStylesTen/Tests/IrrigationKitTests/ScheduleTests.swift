import Foundation
import Testing
import IrrigationCore
import IrrigationKit

@Suite struct ScheduleTests {
    @Test func parserReadsWindowsAndFlagsOverlap() throws {
        let schedule = try WateringSchedule.parse(name: "bench", """
        # morning round
        zone 1 at 06:00 for 30m
        zone 2 at 06:20 for 15m
        zone 3 at 19:00 for 90m
        """)

        #expect(schedule.windows.map(\.zone) == [ZoneID(1), ZoneID(2), ZoneID(3)])
        #expect(schedule.validate() == [.tooLong(ZoneID(3), minutes: 90), .overlapping(ZoneID(1), ZoneID(2))])
        #expect(throws: ScheduleParseError.malformedLine(1, "zone x at 6 for ever")) {
            try WateringSchedule.parse(name: "bad", "zone x at 6 for ever")
        }
    }

    @Test func runnerOpensAndClosesZoneAsClockAdvances() async throws {
        let clock = TestClock()
        let actuator = RecordingValveActuator()
        let valves = ValveBank(actuator: actuator)
        let runner = ScheduleRunner(clock: clock, valves: valves)
        let schedule = try WateringSchedule.parse(name: "bench", "zone 3 at 06:30 for 10m")

        runner.start(schedule, currentMinuteOfDay: 6 * 60)
        await clock.advance(by: .seconds(31 * 60))

        #expect(actuator.commands == [.open(ZoneID(3))])
        await clock.advance(by: .seconds(10 * 60))
        #expect(actuator.commands == [.open(ZoneID(3)), .close(ZoneID(3))])
        #expect(clock.pendingJobCount == 0)
    }

    @Test func plannerPicksNextWindowForPinnedMorning() throws {
        let schedule = try WateringSchedule.parse(name: "tomatoes", """
        zone 2 at 04:00 for 15m
        zone 1 at 06:30 for 20m
        """)
        // 2024-05-01 05:00 UTC
        let pinned = Date(timeIntervalSince1970: 1_714_539_600)

        let run = DripEnvironment.$now.withValue(pinned) {
            WateringPlanner().nextRun(of: schedule)
        }

        #expect(run?.window.zone == ZoneID(1))
        #expect(run?.date == pinned.addingTimeInterval(90 * 60))
    }
}
