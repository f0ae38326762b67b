import Foundation
import KnownOutcomes
import Testing

@Suite struct StableSuite {
    @Test func passes() {
        #expect(Bool(true))
    }

    @Test("Display \"quoted\" name") func displayNamed() {
        #expect(Bool(true))
    }
}

@Suite struct FlakySuite {
    @Test func failsEveryFourthRun() {
        let run = RunCounter.claim("AlphaTests.FlakySuite.failsEveryFourthRun")
        #expect(run % 4 != 0, "run \(run) is a multiple of 4")
    }
}

@Suite struct FailingSuite {
    @Test func alwaysFails() {
        #expect(1 == 2, "always fails")
    }
}

@Test(arguments: [1, 2, 3]) func parameterized(value: Int) {
    #expect(value > 0)
}

@Test(.disabled("not today")) func disabled() {
    Issue.record("a disabled test must not run")
}

@Test func knownIssue() {
    withKnownIssue {
        #expect(Bool(false))
    }
}

@Test func recordsWarning() {
    Issue.record("just a warning", severity: .warning)
}

@Suite struct SharedNameSuite {  // Same suite and function name as `BetaTests.SharedNameSuite/same()` (which fails).
    @Test func same() {
        #expect(Bool(true))
    }
}
