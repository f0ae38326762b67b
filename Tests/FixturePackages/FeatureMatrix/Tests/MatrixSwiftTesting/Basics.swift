// Plain Swift Testing: a top-level test, pass, fail, the every-fourth-run flaky test (counter
// `MatrixSwiftTesting.Plain.failsEveryFourthRun`), a thrown error and a failing #require.

import MatrixSupport
import Testing

@Test func topLevelPasses() {
    #expect(1 + 1 == 2)
}

@Suite struct Plain {
    @Test func passes() {
        #expect(Bool(true))
    }

    @Test func fails() {
        #expect(1 == 2, "always fails")
    }

    @Test func failsEveryFourthRun() {
        let run = RunCounter.isFourthRun("MatrixSwiftTesting.Plain.failsEveryFourthRun")
        #expect(!run.fails, "claim \(run.number) is a multiple of 4")
    }

    @Test func throwsError() throws {
        throw MatrixError("thrown on purpose")
    }

    @Test func requireNil() throws {
        let value = try #require(nil as Int?)
        #expect(value == 0, "never reached")
    }
}
