import Foundation

public enum AnnouncementLanguage: String, Sendable {
    case english = "en"
    case french = "fr"
    case german = "de"
}

/// Ambient values that flow with the task doing a check-in.
public enum CheckInContext {
    /// The airport desk (agent position) performing the work, if any.
    @TaskLocal public static var deskID: String?
    /// The channel a boarding pass is being issued through.
    @TaskLocal public static var channel: IssueChannel = .mobile
    /// Language for gate announcements.
    @TaskLocal public static var language: AnnouncementLanguage = .english
    /// Correlation id for bag-drop tracing.
    @TaskLocal public static var traceID: String?
}
