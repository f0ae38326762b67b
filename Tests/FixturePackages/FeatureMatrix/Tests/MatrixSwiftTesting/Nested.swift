// Nested suites: Outer/Inner.

import Testing

@Suite struct Outer {
    @Test func outerPasses() {
        #expect(Bool(true))
    }

    @Suite struct Inner {
        @Test func innerPasses() {
            #expect(Bool(true))
        }

        @Test func innerFails() {
            #expect(Bool(false), "inner fails")
        }
    }
}
