// Per-test setUp/tearDown, the XCTest way: XCTest creates a fresh XCTestCase instance for every test
// and runs tests one at a time, so instance properties set in setUp are private to one test.
// Swift Testing twins (TestScoping traits + @TaskLocal): ScopingTests.swift.
// Article: swift-testing-testscoping-tasklocal.txt
import ConcurrencyStrategies
import XCTest

/// Counterpart of the task-local trait: the fixture lives in an instance property.
final class ScopingXCTests: XCTestCase {
    private var fixture: SignInFixture!

    override func setUp() async throws {
        fixture = SignInFixture()
        await fixture.setUp()
    }

    override func tearDown() async throws {
        await fixture.tearDown()
        fixture = nil
    }

    func testTaskLocalScopeSignInSucceeds() async throws {
        await fixture.gateway.respond(with: .success("token-123"))

        try await fixture.useCase.execute(email: "ada@example.com", password: "right")

        let token = await fixture.store.token
        XCTAssertEqual(token, "token-123")
    }

    func testTaskLocalScopeSignInFails() async throws {
        await fixture.gateway.respond(with: .failure(.invalidCredentials))

        do {
            try await fixture.useCase.execute(email: "ada@example.com", password: "wrong")
            XCTFail("expected SignInError.invalidCredentials")
        } catch {
            XCTAssertEqual(error as? SignInError, .invalidCredentials)
        }
        let token = await fixture.store.token
        XCTAssertNil(token)
    }
}

/// Counterpart of the global trait: setUp publishes the fixture in the same global
/// (`GlobalSignInScope.current`). Fine here, because XCTest never overlaps two tests.
final class ScopingSharedXCTests: XCTestCase {
    override func setUp() async throws {
        GlobalSignInScope.current = SignInFixture()
        await GlobalSignInScope.current?.setUp()
    }

    override func tearDown() async throws {
        await GlobalSignInScope.current?.tearDown()
        GlobalSignInScope.current = nil
    }

    func testGlobalScopeSignInSucceeds() async throws {
        let fixture = try XCTUnwrap(GlobalSignInScope.current)
        await fixture.gateway.respond(with: .success("token-123"))

        try await fixture.useCase.execute(email: "ada@example.com", password: "right")

        let token = await fixture.store.token
        XCTAssertEqual(token, "token-123")
    }

    func testGlobalScopeSignInFails() async throws {
        let fixture = try XCTUnwrap(GlobalSignInScope.current)
        await fixture.gateway.respond(with: .failure(.invalidCredentials))

        do {
            try await fixture.useCase.execute(email: "ada@example.com", password: "wrong")
            XCTFail("expected SignInError.invalidCredentials")
        } catch {
            XCTAssertEqual(error as? SignInError, .invalidCredentials)
        }
        let token = await fixture.store.token
        XCTAssertNil(token)
    }
}
