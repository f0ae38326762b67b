// Display names on a suite and a test, one with quotes in it.

import Testing

@Suite("A named suite") struct Named {
    @Test("A display name with \"quotes\"") func displayNamed() {
        #expect(Bool(true))
    }
}
