import Foundation

/// Stable catalogue identifier of a track, as issued by the Encore catalogue service.
public struct TrackID: Hashable, Sendable, Codable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    public var description: String { rawValue }

    public static func < (lhs: TrackID, rhs: TrackID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

/// Identifier of a user playlist. Playlists created offline get a `local-` prefix until the server assigns one.
public struct PlaylistID: Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    public var description: String { rawValue }

    public var isLocalOnly: Bool { rawValue.hasPrefix("local-") }
}
