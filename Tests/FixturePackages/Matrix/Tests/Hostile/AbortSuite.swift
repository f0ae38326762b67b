import Foundation
import MatrixSupport
import Testing

@Suite struct AbortSuite {
    @Test func abortsEveryFourthRun() async throws {
        try await Task.sleep(nanoseconds: 50_000_000)
        if RunNumber.isEveryFourth() { abort() }
    }
}

@Suite struct Bystanders {
    @Test func slowOne() async throws {
        try await Task.sleep(nanoseconds: 300_000_000)
    }

    @Test func slowTwo() async throws {
        try await Task.sleep(nanoseconds: 300_000_000)
    }
}
