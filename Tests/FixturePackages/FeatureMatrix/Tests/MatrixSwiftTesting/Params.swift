// Parameterized tests: isSmall fails for argument 3 only (every run); pairs has 2 x 2 passing cases.

import Testing

@Suite struct Params {
    @Test(arguments: [1, 2, 3])
    func isSmall(_ value: Int) {
        #expect(value < 3)
    }

    @Test(arguments: ["a", "b"], [1, 2])
    func pairs(_ letter: String, _ number: Int) {
        #expect(!letter.isEmpty && number > 0)
    }
}
