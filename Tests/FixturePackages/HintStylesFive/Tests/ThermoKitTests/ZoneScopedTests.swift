import Testing
@testable import ThermoKit

@Suite(.zone("attic"))
struct AtticZoneTests {
    @Test func readingTaggedWithZone() async throws {
        let rig = ControllerRig.make(readings: [15.0])

        try await rig.controller.tick()

        #expect(await rig.controller.lastZone == "attic")
    }

    @Test(.units(.fahrenheit))
    func displaysFahrenheit() {
        #expect(TemperatureFormatter.format(21.0) == "69.8°F")
    }
}
