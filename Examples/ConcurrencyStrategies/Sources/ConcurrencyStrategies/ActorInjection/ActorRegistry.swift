// Strategy family 3: injecting actors and stubbing them in tests.
// Source article: actor-injection-and-stubbing.txt
import Synchronization

/// Base protocol for injectable actors. Actors cannot be subclassed, so a mock cannot stand in for
/// `LiveWeatherService` by inheritance; instead every injectable actor names the protocol it is
/// used through (`Interface`), and the registry hands out "something conforming to Interface".
public protocol InjectableActor: Actor {
    associatedtype Interface: Sendable
    init()
}

/// Resolves an actor type to either its registered stub or a fresh instance of the real type.
/// The dictionary is guarded by a `Mutex`, so the registry is memory-safe; whether it is *logically*
/// safe depends on who shares it (see `shared`).
public final class ActorRegistry: Sendable {
    /// One process-wide registry, as in the article. Convenient for production code; a hazard for
    /// tests that run in parallel, because a stub registered by one test is visible to all others.
    public static let shared = ActorRegistry()

    private let stubs = Mutex<[ObjectIdentifier: any Sendable]>([:])

    public init() {}

    /// Registers `stub` to be returned whenever `type` is resolved. Both must share an `Interface`.
    public func stub<Real: InjectableActor, Stub: InjectableActor>(_ type: Real.Type, with stub: Stub)
    where Real.Interface == Stub.Interface {
        stubs.withLock { $0[ObjectIdentifier(type)] = stub }
    }

    public func removeStub<Real: InjectableActor>(for type: Real.Type) {
        _ = stubs.withLock { $0.removeValue(forKey: ObjectIdentifier(type)) }
    }

    public func resolve<Real: InjectableActor>(_ type: Real.Type) -> Real.Interface {
        let stubbed = stubs.withLock { $0[ObjectIdentifier(type)] }
        if let stubbed = stubbed as? Real.Interface {
            return stubbed
        }
        guard let fresh = Real() as? Real.Interface else {
            preconditionFailure("\(Real.self) does not conform to its own Interface \(Real.Interface.self)")
        }
        return fresh
    }
}
