import Testing
@testable import ThermoKit

@Suite struct NudgeTests {
    @Test func nudgeCountsTickImmediately() async {
        let rig = ControllerRig.make(readings: [19.5])

        rig.controller.nudge()

        #expect(await rig.controller.tickCount == 1)
    }

    @Test func nudgeEventuallyTicks() async {
        let rig = ControllerRig.make(readings: [19.5], latency: .milliseconds(20))
        let controller = rig.controller

        controller.nudge()
        let ticked = await eventually { await controller.tickCount == 1 }

        #expect(ticked)
        #expect(rig.sensor.heaterCommands == [true])
    }

    @Test func tickUsesCallerZone() async throws {
        let rig = ControllerRig.make(readings: [21.0])

        try await DeviceContext.$zone.withValue("nursery") {
            _ = try await rig.controller.tick()
        }

        #expect(await rig.controller.lastZone == "nursery")
    }
}
