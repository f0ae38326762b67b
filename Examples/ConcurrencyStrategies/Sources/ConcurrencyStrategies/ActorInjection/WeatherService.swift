// Strategy family 3 (continued): an injectable actor and a consumer that resolves it.

public enum WeatherError: Error, Equatable {
    case offline
}

/// The interface the consumer depends on. `Interface == any WeatherService` ties every conforming
/// actor (the real one and any test stub) to the same registry key type.
public protocol WeatherService: InjectableActor where Interface == any WeatherService {
    func temperature(in city: String) async throws -> Int
}

/// The real service. In this catalogue it never touches the network: it is always "offline", so a
/// test that accidentally gets the real service instead of its stub fails visibly.
public actor LiveWeatherService: WeatherService {
    public init() {}

    public func temperature(in city: String) async throws -> Int {
        throw WeatherError.offline
    }
}

/// The code under test. It resolves the service when it needs it, the way code using a
/// service locator usually does.
public struct WeatherReport: Sendable {
    private let registry: ActorRegistry

    public init(registry: ActorRegistry = .shared) {
        self.registry = registry
    }

    public func headline(for city: String) async -> String {
        let service = registry.resolve(LiveWeatherService.self)
        do {
            let degrees = try await service.temperature(in: city)
            return "\(city): \(degrees)°C"
        } catch {
            return "\(city): unavailable"
        }
    }
}
