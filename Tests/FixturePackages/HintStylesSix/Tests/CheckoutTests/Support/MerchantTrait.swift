import Testing
@testable import Checkout

/// Binds `CheckoutContext.merchantID` around a Swift Testing test.
struct MerchantTrait: TestTrait, SuiteTrait, TestScoping {
    let merchantID: String

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await CheckoutContext.$merchantID.withValue(merchantID) {
            try await function()
        }
    }
}

extension Trait where Self == MerchantTrait {
    static func merchant(_ id: String) -> Self { MerchantTrait(merchantID: id) }
}
