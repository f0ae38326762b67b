/// What re-running a finding's run's tests under ThreadSanitizer showed, for a finding whose stacks name
/// no selected test (after a suspension, a stack holds the product's resume functions, not the test that
/// awaited them): the test that brings the report back alone, or the two that bring it back only together.
public struct SanitizerSearch: Equatable, Codable, Sendable {
    /// One test (the report came back with it alone) or two (only together); empty when no try brought
    /// the report back.
    public var tests: [String]
    /// The run whose tests were searched (1-based), and how many they were.
    public var run: Int
    public var candidates: Int
    /// Sanitized runs the search made, each a process of some of the candidates.
    public var runs: Int

    package init(tests: [String], run: Int, candidates: Int, runs: Int) {
        self.tests = tests
        self.run = run
        self.candidates = candidates
        self.runs = runs
    }
}
