import Testing
@testable import ThermoKit

@Suite("Hysteresis policy")
struct HysteresisTests {
    @Test func heatsBelowBand() {
        let policy = Hysteresis(setpoint: 21, band: 0.5)
        #expect(policy.decide(current: 20.2, heating: false))
        #expect(!policy.decide(current: 21.6, heating: true))
    }

    @Test func holdsInsideBand() {
        let policy = Hysteresis(setpoint: 21, band: 0.5)
        #expect(policy.decide(current: 21.2, heating: true))
        #expect(!policy.decide(current: 20.8, heating: false))
    }
}
