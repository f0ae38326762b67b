import Foundation
import Testing
@testable import PodcastKit

struct ProfileTrait: TestTrait, SuiteTrait, TestScoping {
    let profileID: String

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await ListeningSession.$profileID.withValue(profileID) {
            try await function()
        }
    }
}

extension Trait where Self == ProfileTrait {
    static func profile(_ id: String) -> Self { ProfileTrait(profileID: id) }
}

@Suite struct ProfileSettingsTests {
    @Test(.profile("commuter"))
    func commutersSkipIntros() async {
        let preferences = PreferencesStore(introSkips: ["commuter": .seconds(30)])

        let skip = await preferences.introSkip()

        #expect(skip == .seconds(30))
    }
}

@Suite struct ChartServiceTests {
    @Test func topChartsUseStorefront() async throws {
        let requested = LockedBox<[URL]>([])
        let service = ChartService { url in
            requested.mutate { $0.append(url) }
            return [FeedFixtures.gardening]
        }

        let feeds = try await ListeningSession.$storefront.withValue("de") {
            try await service.topCharts(limit: 10)
        }

        #expect(requested.value.first?.path == "/v2/de/top")
        #expect(feeds.map(\.id) == ["gardening"])
    }
}
