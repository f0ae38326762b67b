/// Where, in a test's own function, the static reading found the gate its hint names (the first
/// continuation, `confirmation`, clock `advance` or `withValue`). Kept with the test so that a measurement
/// that contradicts the hint can be told against that line, in a report merged or re-rendered later too.
public struct HintGate: Codable, Equatable, Sendable {
    /// `path:line` of the gate.
    public var location: String
    /// The line the test function starts at, in the same file.
    public var functionLine: Int
    /// For a continuation-gated hint, whether the line holds a continuation or waits on other work in
    /// another way (a task group's scope, an expectation, `async let`, a started task's value): a report
    /// must not call a task group a continuation. Nil in reports written before it was kept.
    public var kind: Kind?

    public enum Kind: String, Codable, Sendable {
        case continuation
        case signalWait = "signal-wait"
    }

    package init(location: String, functionLine: Int, kind: Kind? = nil) {
        self.location = location
        self.functionLine = functionLine
        self.kind = kind
    }
}
