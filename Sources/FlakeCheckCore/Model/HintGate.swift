/// Where, in a test's own function, the static reading found the gate its hint names (the first
/// continuation, `confirmation`, clock `advance` or `withValue`). Kept with the test so that a measurement
/// that contradicts the hint can be told against that line, in a report merged or re-rendered later too.
public struct HintGate: Codable, Equatable, Sendable {
    /// `path:line` of the gate.
    public var location: String
    /// The line the test function starts at, in the same file.
    public var functionLine: Int

    public init(location: String, functionLine: Int) {
        self.location = location
        self.functionLine = functionLine
    }
}
