// Same test name as InitialB's, in another file; both pass.

import Testing

@Suite struct InitialA {
    @Test func initialState() {
        #expect([Int]().isEmpty)
    }
}
