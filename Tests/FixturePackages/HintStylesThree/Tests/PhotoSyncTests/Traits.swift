import Testing
@testable import PhotoSync

/// Runs the test as if `userID` were signed in.
struct SignedInUserTrait: TestTrait, SuiteTrait, TestScoping {
    let userID: String

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await RequestContext.$userID.withValue(userID) {
            try await function()
        }
    }
}

extension Trait where Self == SignedInUserTrait {
    static func signedIn(as userID: String) -> Self {
        SignedInUserTrait(userID: userID)
    }
}
