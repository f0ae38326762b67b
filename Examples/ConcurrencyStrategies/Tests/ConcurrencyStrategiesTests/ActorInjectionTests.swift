// Injecting an actor through a registry and stubbing it (Swift Testing).
// XCTest twins, with longer comments: ActorInjectionXCTests.swift.
// Article: actor-injection-and-stubbing.txt
import ConcurrencyStrategies
import Testing

@Suite struct ActorInjectionTests {

    /// Stable: a registry per test, passed in explicitly.
    @Test func localRegistryStub() async {
        let registry = ActorRegistry()
        let stub = WeatherServiceStub(degrees: 21)
        registry.stub(LiveWeatherService.self, with: stub)

        let headline = await WeatherReport(registry: registry).headline(for: "Lisbon")

        #expect(headline == "Lisbon: 21°C")
        #expect(await stub.requestedCities == ["Lisbon"])
    }

    /// Flaky together with `globalRegistryColdStub()`: Swift Testing runs both at once, both stub
    /// `LiveWeatherService` in the one shared registry, and each may resolve the other's stub (or,
    /// after the other's cleanup, the real, offline service).
    @Test func globalRegistryWarmStub() async {
        ActorRegistry.shared.stub(LiveWeatherService.self, with: WeatherServiceStub(degrees: 30))
        defer { ActorRegistry.shared.removeStub(for: LiveWeatherService.self) }

        let report = WeatherReport()
        let headlines = [await report.headline(for: "Seville"), await report.headline(for: "Malaga")]

        #expect(headlines == ["Seville: 30°C", "Malaga: 30°C"])
    }

    @Test func globalRegistryColdStub() async {
        ActorRegistry.shared.stub(LiveWeatherService.self, with: WeatherServiceStub(degrees: -5))
        defer { ActorRegistry.shared.removeStub(for: LiveWeatherService.self) }

        let report = WeatherReport()
        let headlines = [await report.headline(for: "Oslo"), await report.headline(for: "Bergen")]

        #expect(headlines == ["Oslo: -5°C", "Bergen: -5°C"])
    }
}
