import ConcurrencyStrategies

/// A stub that conforms to the same `WeatherService` protocol as the real actor, so the registry
/// can hand it out when `LiveWeatherService` is resolved.
actor WeatherServiceStub: WeatherService {
    private let degrees: Int
    private(set) var requestedCities: [String] = []

    init() { self.degrees = 0 }
    init(degrees: Int) { self.degrees = degrees }

    func temperature(in city: String) async throws -> Int {
        requestedCities.append(city)
        return degrees
    }
}
