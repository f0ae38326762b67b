import Testing
import MooringServices

/// Runs a test as though it were working on behalf of a particular marina.
struct MarinaScope: TestTrait, SuiteTrait, TestScoping {
    let code: String

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await HarbourContext.$marinaCode.withValue(code) {
            try await function()
        }
    }
}

extension Trait where Self == MarinaScope {
    static func marina(_ code: String) -> Self {
        MarinaScope(code: code)
    }
}
