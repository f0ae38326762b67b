// (c) Bystanders of the abort: they sleep 50 to 200 ms, so they are likely in flight when it comes, and
// always pass (alone or not). In their own file, so a filter on `AbortSuite` does not match them.

import Foundation
import Testing

@Suite struct BystandersOne {
    @Test func sleepsFiftyMilliseconds() async throws {
        try await Task.sleep(for: .milliseconds(50))
        #expect(Bool(true))
    }

    @Test func sleepsTwoHundredMilliseconds() async throws {
        try await Task.sleep(for: .milliseconds(200))
        #expect(Bool(true))
    }
}

@Suite struct BystandersTwo {
    @Test func sleepsOneHundredTwentyMilliseconds() async throws {
        try await Task.sleep(for: .milliseconds(120))
        #expect(Bool(true))
    }
}
