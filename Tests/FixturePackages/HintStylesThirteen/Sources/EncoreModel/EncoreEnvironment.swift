import Foundation

/// Ambient values that product code reads instead of touching globals directly.
public enum EncoreEnvironment {
    /// Wall clock used for timestamps that are sent to the server (licence issue dates, positions).
    @TaskLocal public static var now: @Sendable () -> Date = { Date() }

    /// Language that lyric translations are requested in. Defaults to the device's first preferred language.
    @TaskLocal public static var lyricsLanguage: String = EncoreEnvironment.devicePreferredLanguage()

    /// Region that licence requests are attributed to.
    @TaskLocal public static var licenseRegion: String = "US"

    static func devicePreferredLanguage() -> String {
        guard let first = Locale.preferredLanguages.first else { return "en" }
        return String(first.prefix { $0 != "-" && $0 != "_" })
    }
}
