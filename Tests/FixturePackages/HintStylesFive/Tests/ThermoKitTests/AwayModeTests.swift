import Testing
@testable import ThermoKit

@Suite struct AwayModeTests {
    @Test func restoresSetpointAfterAway() async {
        let clock = ManualClock()
        let rig = ControllerRig.make(readings: [20.0])
        let away = AwayMode(controller: rig.controller)

        let activation = Task {
            try await away.activate(for: .seconds(3600), ecoSetpoint: 16, clock: clock)
        }
        await clock.advance(by: .seconds(3600))

        #expect(await rig.controller.policy.setpoint == 21)
        #expect(await away.isAway == false)
        activation.cancel()
    }

    @Test func engagesImmediately() async {
        let rig = ControllerRig.make(readings: [20.0])
        let away = AwayMode(controller: rig.controller)

        Task {
            try await away.activate(for: .seconds(3600), ecoSetpoint: 16, clock: ManualClock())
        }

        #expect(await away.isAway)
        #expect(await rig.controller.policy.setpoint == 16)
    }

    @Test func engagesAfterYield() async {
        let rig = ControllerRig.make(readings: [20.0])
        let away = AwayMode(controller: rig.controller)

        Task {
            try await away.activate(for: .seconds(3600), ecoSetpoint: 16, clock: ManualClock())
        }
        await Task.yield()

        #expect(await rig.controller.policy.setpoint == 16)
    }

    @Test func endsWithRealClock() async throws {
        let rig = ControllerRig.make(readings: [20.0])
        let away = AwayMode(controller: rig.controller)

        Task {
            try await away.activate(for: .milliseconds(30), ecoSetpoint: 16, clock: ContinuousClock())
        }
        try await ContinuousClock().sleep(for: .milliseconds(150))

        #expect(await away.isAway == false)
        #expect(await rig.controller.policy.setpoint == 21)
    }
}
