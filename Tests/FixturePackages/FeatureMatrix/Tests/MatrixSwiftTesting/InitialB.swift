// Same test name as InitialA's, in another file; both pass.

import Testing

@Suite struct InitialB {
    @Test func initialState() {
        #expect("".isEmpty)
    }
}
