// Strategy family 4: per-test setUp/tearDown in Swift Testing (TestScoping + @TaskLocal).
// Source article: swift-testing-testscoping-tasklocal.txt
//
// This is the production side; the per-test fixtures and traits are in
// Tests/ConcurrencyStrategiesTests/Support/SignInFixtures.swift.

public enum SignInError: Error, Equatable {
    case invalidCredentials
}

public protocol AuthGateway: Sendable {
    func signIn(email: String, password: String) async throws -> String
}

/// Where the session token ends up after a successful sign-in.
public actor SessionStore {
    public private(set) var token: String?

    public init() {}

    public func save(_ token: String) { self.token = token }
    public func clear() { token = nil }
}

public struct SignInUseCase: Sendable {
    private let gateway: any AuthGateway
    private let store: SessionStore

    public init(gateway: any AuthGateway, store: SessionStore) {
        self.gateway = gateway
        self.store = store
    }

    public func execute(email: String, password: String) async throws {
        let token = try await gateway.signIn(email: email, password: password)
        await store.save(token)
    }
}
