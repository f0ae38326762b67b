import Foundation

public enum RadioPriority: String, Sendable, Hashable, CaseIterable {
    case routine
    case securite
    case panPan
    case mayday
}

public struct RadioMessage: Hashable, Sendable {
    public let channel: Int
    public let from: String
    public let body: String
    public let priority: RadioPriority

    public init(channel: Int, from: String, body: String, priority: RadioPriority = .routine) {
        self.channel = channel
        self.from = from
        self.body = body
        self.priority = priority
    }

    /// Decodes the harbour office's pipe-separated log format: `16|Seabird|Request berth|routine`.
    public static func decode(_ raw: String) -> RadioMessage? {
        let fields = raw.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 4,
              let channel = Int(fields[0]),
              (1...88).contains(channel),
              let priority = RadioPriority(rawValue: fields[3]) else { return nil }
        return RadioMessage(channel: channel, from: fields[1], body: fields[2], priority: priority)
    }

    public func retuned(to channel: Int) -> RadioMessage {
        RadioMessage(channel: channel, from: from, body: body, priority: priority)
    }
}
