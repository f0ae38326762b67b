// Two suites in this one file with the same test name: SameNameOne's passes, SameNameTwo's fails.
// SameNameTwo is declared after SameNameOne and its issue is inside its own body, so the line
// falls in SameNameTwo's declaration only.

import Testing

@Suite struct SameNameOne {
    @Test func sameName() {
        #expect(Bool(true))
    }
}

@Suite struct SameNameTwo {
    @Test func sameName() {
        #expect(Bool(false), "sameName two fails")
    }
}
