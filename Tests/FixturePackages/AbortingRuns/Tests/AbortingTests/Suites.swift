import Foundation
import Testing

/// Two suites with a test of the same name: only SuiteB's records an issue, in every run; the issue's
/// location (this file, inside SuiteB) says whose it is.
@Suite struct SuiteA {
    @Test func sameName() async throws {
        try await Task.sleep(for: .milliseconds(20))
        #expect(Bool(true))
    }
}

@Suite struct SuiteB {
    @Test func sameName() async throws {
        try await Task.sleep(for: .milliseconds(30))
        Issue.record("SuiteB's own issue")
    }
}

/// Aborts the Swift Testing process in runs 4, 8 and 12, while many of `Slow`'s tests are in flight.
@Suite struct Aborter {
    @Test func abortsOnEveryFourthRun() async throws {
        try await Task.sleep(for: .milliseconds(100))
        if Run.aborts { abort() }
    }
}
