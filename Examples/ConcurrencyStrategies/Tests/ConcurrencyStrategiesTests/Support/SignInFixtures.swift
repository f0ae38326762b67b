// Per-test setUp/tearDown for the sign-in tests, two ways: a TestScoping trait that hands the
// fixture to the test through a @TaskLocal (each test sees its own), and one that parks it in a
// global (every test sees whichever fixture was stored last).
import ConcurrencyStrategies
import Synchronization
import Testing

/// A gateway whose answer each test configures.
actor FakeAuthGateway: AuthGateway {
    private var response: Result<String, SignInError> = .failure(.invalidCredentials)

    func respond(with response: Result<String, SignInError>) {
        self.response = response
    }

    func signIn(email: String, password: String) async throws -> String {
        try response.get()
    }
}

/// Everything one sign-in test needs: built in "setUp", torn down in "tearDown".
struct SignInFixture: Sendable {
    let gateway = FakeAuthGateway()
    let store = SessionStore()
    var useCase: SignInUseCase { SignInUseCase(gateway: gateway, store: store) }

    /// Async setUp work (here: make sure no token is left over), the kind a `deinit` can't do.
    func setUp() async {
        await store.clear()
    }

    func tearDown() async {
        await store.clear()
    }
}

// MARK: Stable: the fixture travels in a task-local value

/// `provideScope` runs around each test (and, as a `SuiteTrait`, around each test of a suite it is
/// applied to). It binds a fresh fixture to `TaskLocalSignInScope.current` for the duration of the
/// test only. Tests running in parallel run in different tasks, so each one sees its own fixture.
struct TaskLocalSignInScope: TestTrait, SuiteTrait, TestScoping {
    @TaskLocal static var current: SignInFixture?

    var isRecursive: Bool { true }

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        let fixture = SignInFixture()                       // setUp
        await fixture.setUp()
        do {
            try await Self.$current.withValue(fixture) {
                try await function()
            }
        } catch {
            await fixture.tearDown()                        // tearDown (can await, unlike deinit)
            throw error
        }
        await fixture.tearDown()                            // tearDown
    }
}

extension Trait where Self == TaskLocalSignInScope {
    static var taskLocalSignInScope: Self { Self() }
}

// MARK: Flaky under parallel execution: the fixture is parked in a global

/// Same shape, but the fixture is stored in a process-wide static. With Swift Testing's default
/// parallel execution a second test overwrites (or clears) it while the first is still using it.
/// (The static is behind a Mutex so the race stays logical: a bare `nonisolated(unsafe) static var`
/// would also be a memory-level data race that can crash the process.)
struct GlobalSignInScope: TestTrait, SuiteTrait, TestScoping {
    private static let storage = Mutex<SignInFixture?>(nil)

    static var current: SignInFixture? {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }

    var isRecursive: Bool { true }

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        let fixture = SignInFixture()
        Self.current = fixture                              // setUp: publish globally
        await fixture.setUp()
        do {
            try await function()
        } catch {
            await fixture.tearDown()
            Self.current = nil
            throw error
        }
        await fixture.tearDown()
        Self.current = nil                                  // tearDown: unpublish
    }
}

extension Trait where Self == GlobalSignInScope {
    static var globalSignInScope: Self { Self() }
}
