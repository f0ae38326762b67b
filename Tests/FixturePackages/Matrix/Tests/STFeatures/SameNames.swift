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

@Suite struct InitialA {
    @Test func initialState() {
        #expect(Bool(true))
    }
}
