import Testing

@Suite struct InitialB {
    @Test func initialState() {
        #expect(Bool(true))
    }
}
