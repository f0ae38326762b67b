// Raw identifiers (Swift 6.2+), one with regular-expression characters in it.

import Testing

@Suite struct Raw {
    @Test func `adds two numbers`() {
        #expect(2 + 3 == 5)
    }

    @Test func `value (x+1) * [2]`() {
        let x = 1
        #expect((x + 1) * 2 == 4)
    }
}
