import Foundation

/// Per-request context for the profile that is listening ("owner", "kids", a guest…)
/// and the storefront the catalog should use.
public enum ListeningSession {
    @TaskLocal public static var profileID: String = "owner"
    @TaskLocal public static var storefront: String = "us"
}

public struct ListeningEntry: Sendable, Equatable {
    public var episodeID: String
    public var minutes: Int
    public var profile: String
}

public actor StatsRecorder {
    public private(set) var entries: [ListeningEntry] = []

    public init() {}

    public func record(minutes: Int, episodeID: String) {
        guard minutes > 0 else { return }
        entries.append(ListeningEntry(
            episodeID: episodeID,
            minutes: minutes,
            profile: ListeningSession.profileID
        ))
    }

    public func totalMinutes(forProfile profile: String) -> Int {
        entries.filter { $0.profile == profile }.reduce(0) { $0 + $1.minutes }
    }
}

public actor PreferencesStore {
    private var playbackRates: [String: Double]
    private var introSkips: [String: Duration]

    public init(playbackRates: [String: Double] = [:], introSkips: [String: Duration] = [:]) {
        self.playbackRates = playbackRates
        self.introSkips = introSkips
    }

    public func defaultPlaybackRate() -> Double {
        playbackRates[ListeningSession.profileID] ?? 1.0
    }

    public func setDefaultPlaybackRate(_ rate: Double) {
        playbackRates[ListeningSession.profileID] = rate
    }

    public func introSkip() -> Duration {
        introSkips[ListeningSession.profileID] ?? .zero
    }
}

public struct ChartService: Sendable {
    public var fetch: @Sendable (URL) async throws -> [Feed]

    public init(fetch: @escaping @Sendable (URL) async throws -> [Feed]) {
        self.fetch = fetch
    }

    public func topCharts(limit: Int = 25) async throws -> [Feed] {
        let storefront = ListeningSession.storefront
        let url = URL(string: "https://charts.podcastkit.example/v2/\(storefront)/top?limit=\(limit)")!
        return try await fetch(url)
    }
}
