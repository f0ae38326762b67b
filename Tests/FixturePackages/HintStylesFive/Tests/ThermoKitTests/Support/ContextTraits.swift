import Testing
@testable import ThermoKit

/// Runs a test (or every test in a suite) inside a zone.
struct ZoneTrait: SuiteTrait, TestTrait, TestScoping {
    let zone: String

    var isRecursive: Bool { true }

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await DeviceContext.$zone.withValue(zone) {
            try await function()
        }
    }
}

/// Runs a test with a display-unit preference.
struct UnitsTrait: TestTrait, TestScoping {
    let units: TemperatureUnit

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await DeviceContext.$units.withValue(units) {
            try await function()
        }
    }
}

extension Trait where Self == ZoneTrait {
    static func zone(_ name: String) -> Self { ZoneTrait(zone: name) }
}

extension Trait where Self == UnitsTrait {
    static func units(_ units: TemperatureUnit) -> Self { UnitsTrait(units: units) }
}
