import GalleyModel
import GalleyServices
import Testing

/// Runs a test as if it were part of the given service period.
struct DuringShiftTrait: TestTrait, SuiteTrait, TestScoping {
    let shift: Shift

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await ShiftContext.$current.withValue(shift) {
            try await function()
        }
    }
}

extension Trait where Self == DuringShiftTrait {
    static func duringShift(_ shift: Shift) -> Self {
        DuringShiftTrait(shift: shift)
    }
}
