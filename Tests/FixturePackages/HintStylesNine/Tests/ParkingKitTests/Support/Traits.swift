import ParkingCore
import Testing

/// Runs a test as if an attendant were signed in at the kiosk.
struct OperatorTrait: TestTrait, TestScoping {
    let operatorID: String

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await ParkingContext.$operatorID.withValue(operatorID) {
            try await function()
        }
    }
}

extension Trait where Self == OperatorTrait {
    static func actingAs(_ operatorID: String) -> Self {
        OperatorTrait(operatorID: operatorID)
    }
}
