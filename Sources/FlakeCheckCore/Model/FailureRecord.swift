/// One failing assertion or issue: the message as the test library printed it and, when known,
/// where it was recorded (`File.swift:12` or `File.swift:12:5`).
public struct FailureRecord: Hashable, Codable, Sendable {
    public var message: String
    public var location: String?

    public init(message: String, location: String? = nil) {
        self.message = message
        self.location = location
    }
}
