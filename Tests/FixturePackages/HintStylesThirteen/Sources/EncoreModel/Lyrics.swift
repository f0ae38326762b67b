import Foundation

public struct LyricsLine: Sendable, Equatable, Codable {
    public var startSeconds: Double
    public var text: String

    public init(startSeconds: Double, text: String) {
        self.startSeconds = startSeconds
        self.text = text
    }
}

public struct LyricsDocument: Sendable, Equatable {
    public let trackID: TrackID
    public var lines: [LyricsLine]
    /// Translated lines, index-aligned with `lines`; empty when no translation exists.
    public var translation: [String]
    public var translationLanguage: String?

    public init(trackID: TrackID, lines: [LyricsLine], translation: [String] = [], translationLanguage: String? = nil) {
        self.trackID = trackID
        self.lines = lines
        self.translation = translation
        self.translationLanguage = translationLanguage
    }

    public func line(at seconds: Double) -> LyricsLine? {
        lines.last { $0.startSeconds <= seconds }
    }
}
