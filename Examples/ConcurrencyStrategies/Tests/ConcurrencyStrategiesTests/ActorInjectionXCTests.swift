// Injecting an actor through a registry and stubbing it (XCTest).
// Swift Testing twins: ActorInjectionTests.swift. Article: actor-injection-and-stubbing.txt
import ConcurrencyStrategies
import XCTest

final class ActorInjectionXCTests: XCTestCase {

    /// Stable: the stub is registered in a registry owned by this test and handed to the code under
    /// test, so nothing else can see or replace it.
    func testLocalRegistryStub() async {
        let registry = ActorRegistry()
        let stub = WeatherServiceStub(degrees: 21)
        registry.stub(LiveWeatherService.self, with: stub)

        let headline = await WeatherReport(registry: registry).headline(for: "Lisbon")

        XCTAssertEqual(headline, "Lisbon: 21°C")
        let requested = await stub.requestedCities
        XCTAssertEqual(requested, ["Lisbon"])
    }

    /// Stable while tests run one at a time: stubs `ActorRegistry.shared`, the process-wide
    /// registry, and removes the stub afterwards.
    func testGlobalRegistryWarmStub() async {
        ActorRegistry.shared.stub(LiveWeatherService.self, with: WeatherServiceStub(degrees: 30))
        defer { ActorRegistry.shared.removeStub(for: LiveWeatherService.self) }

        let report = WeatherReport()
        let headlines = [await report.headline(for: "Seville"), await report.headline(for: "Malaga")]

        XCTAssertEqual(headlines, ["Seville: 30°C", "Malaga: 30°C"])
    }

    /// Same type, different stub. XCTest never runs it at the same time as the test above.
    func testGlobalRegistryColdStub() async {
        ActorRegistry.shared.stub(LiveWeatherService.self, with: WeatherServiceStub(degrees: -5))
        defer { ActorRegistry.shared.removeStub(for: LiveWeatherService.self) }

        let report = WeatherReport()
        let headlines = [await report.headline(for: "Oslo"), await report.headline(for: "Bergen")]

        XCTAssertEqual(headlines, ["Oslo: -5°C", "Bergen: -5°C"])
    }
}
