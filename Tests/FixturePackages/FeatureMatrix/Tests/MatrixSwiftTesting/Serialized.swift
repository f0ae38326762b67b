// A .serialized suite of three passing tests.

import Testing

@Suite(.serialized) struct Serial {
    @Test func one() {
        #expect(Bool(true))
    }

    @Test func two() {
        #expect(Bool(true))
    }

    @Test func three() {
        #expect(Bool(true))
    }
}
