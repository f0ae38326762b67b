/// One failing assertion or issue: the message as the test library printed it and, when known,
/// where it was recorded (`File.swift:12` or `File.swift:12:5`).
public struct FailureRecord: Hashable, Codable, Sendable {
    public var message: String
    public var location: String?
    /// The arguments of the parameterized test case that recorded it (`value → 3`, or the event stream's
    /// case display name `3`), so a report says which argument failed even when the message does not.
    public var arguments: String?

    package init(message: String, location: String? = nil, arguments: String? = nil) {
        self.message = message
        self.location = location
        self.arguments = arguments
    }

    /// The message with the failing arguments in front, as every report shows it.
    package var shownMessage: String {
        arguments.map { "[arguments: \($0)] " + message } ?? message
    }
}
