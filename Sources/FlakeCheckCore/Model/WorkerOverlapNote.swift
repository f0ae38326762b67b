/// What the report says about a test whose failures all overlapped another worker's run (`WorkerOverlap`).
public struct WorkerOverlapNote: Equatable, Codable, Sendable {
    /// What the solo checks showed.
    public enum Cause: String, Codable, Sendable {
        /// It passed alone, and alone with the CPUs kept busy, often enough to have shown its failure
        /// rate: what the workers share (a port, socket path or file) is the cause. The gate judges such a
        /// test by its solo runs, since the failure is made by running workers side by side.
        case sharedResource
        /// It passed alone but failed alone with the CPUs kept busy: CPU contention exposes a race inside
        /// the test itself. A real flake; the gate counts it.
        case cpuContention
        /// Too few solo runs to have shown a failure at the rate measured: nothing is concluded.
        case inconclusive
    }

    public var overlappingFailures: Int
    public var soloRuns: Int
    public var soloPassed: Int
    /// The solo runs with the CPUs kept busy (nil when none were run).
    public var loadedRuns: Int?
    public var loadedPassed: Int?
    /// Nil in reports written before causes were told apart.
    public var cause: Cause?
    public var message: String
}
