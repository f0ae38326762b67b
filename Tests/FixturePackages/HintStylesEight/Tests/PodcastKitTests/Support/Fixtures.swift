import Foundation
import PodcastKit

enum FeedFixtures {
    static let swiftTalk = Feed(
        id: "swift-talk",
        title: "Swift Talk Weekly",
        url: URL(string: "https://feeds.example.com/swift-talk.xml")!
    )
    static let dailyNews = Feed(
        id: "daily-news",
        title: "The Daily Briefing",
        url: URL(string: "https://feeds.example.com/daily.xml")!
    )
    static let gardening = Feed(
        id: "gardening",
        title: "Dirt Under the Nails",
        url: URL(string: "https://feeds.example.com/garden.xml")!
    )

    static let feeds = [swiftTalk, dailyNews]

    static let episodesByFeed: [String: [Episode]] = [
        "swift-talk": [
            Episode(id: "st-101", title: "Actors in practice", feedID: "swift-talk"),
            Episode(id: "st-102", title: "Swift Testing traits", feedID: "swift-talk"),
        ],
        "daily-news": [
            Episode(id: "dn-0412", title: "Morning edition", feedID: "daily-news"),
        ],
    ]
}

enum EpisodeFixtures {
    static func make(_ count: Int, feedID: String = "swift-talk") -> [Episode] {
        (1...count).map { Episode(id: "ep\($0)", title: "Episode \($0)", feedID: feedID) }
    }

    static let pilot = Episode(id: "ep1", title: "Pilot", feedID: "swift-talk", duration: .seconds(3_000))
}
