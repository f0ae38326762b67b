/// What the report says about a test whose failures all overlapped another worker's run (`WorkerOverlap`).
public struct WorkerOverlapNote: Equatable, Codable, Sendable {
    public var overlappingFailures: Int
    public var soloRuns: Int
    public var soloPassed: Int
    public var message: String
}
