import RideDispatch
import Testing

/// Runs the test (or every test in a suite) with `RideContext.region` bound.
struct RegionTrait: TestTrait, SuiteTrait, TestScoping {
    let region: String

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await RideContext.$region.withValue(region) {
            try await function()
        }
    }
}

extension Trait where Self == RegionTrait {
    static func region(_ name: String) -> Self {
        RegionTrait(region: name)
    }
}
