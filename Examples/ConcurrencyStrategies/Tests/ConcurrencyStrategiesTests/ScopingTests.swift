// Per-test setUp/tearDown in Swift Testing with TestScoping traits (Support/SignInFixtures.swift).
// Swift Testing runs these tests in parallel. XCTest twins: ScopingXCTests.swift.
// Article: swift-testing-testscoping-tasklocal.txt
import ConcurrencyStrategies
import Testing

@Suite struct ScopingTests {

    // Stable: the trait binds a fresh fixture to the @TaskLocal `TaskLocalSignInScope.current`
    // around each test, so each parallel test reads its own.

    @Test(.taskLocalSignInScope) func taskLocalScopeSignInSucceeds() async throws {
        let fixture = try #require(TaskLocalSignInScope.current)
        await fixture.gateway.respond(with: .success("token-123"))

        try await fixture.useCase.execute(email: "ada@example.com", password: "right")

        #expect(await fixture.store.token == "token-123")
    }

    @Test(.taskLocalSignInScope) func taskLocalScopeSignInFails() async throws {
        let fixture = try #require(TaskLocalSignInScope.current)
        await fixture.gateway.respond(with: .failure(.invalidCredentials))

        await #expect(throws: SignInError.invalidCredentials) {
            try await fixture.useCase.execute(email: "ada@example.com", password: "wrong")
        }
        #expect(await fixture.store.token == nil)
    }

    // Flaky when both run (in parallel): the trait stores the fixture in a global, so a test may
    // read the other test's fixture, or find it already torn down (nil).

    @Test(.globalSignInScope) func globalScopeSignInSucceeds() async throws {
        let fixture = try #require(GlobalSignInScope.current)
        await fixture.gateway.respond(with: .success("token-123"))

        try await fixture.useCase.execute(email: "ada@example.com", password: "right")

        #expect(await fixture.store.token == "token-123")
    }

    @Test(.globalSignInScope) func globalScopeSignInFails() async throws {
        let fixture = try #require(GlobalSignInScope.current)
        await fixture.gateway.respond(with: .failure(.invalidCredentials))

        await #expect(throws: SignInError.invalidCredentials) {
            try await fixture.useCase.execute(email: "ada@example.com", password: "wrong")
        }
        #expect(await fixture.store.token == nil)
    }
}
