import FlakeCheckAnalysis
import FlakeCheckModel
import Testing

/// How a test's calls into the code under test decide its hint, each rule with a twin it must not catch:
/// a `Task {}` fired one call further down, a check right after a firing call, a task the code under test
/// hands back and the test awaits (bound or inline), and the first element of an async stream.
@Suite struct HintCodeUnderTestTests {
    static func hints(product: String, tests: String, prefix: String) -> (String) -> SynchronisationHint? {
        HintCorpusTests.hints(
            in: ["/p/Sources/M/M.swift": product, "/p/Tests/MTests/MTests.swift": tests], idPrefix: prefix)
    }

    @Test func aTaskFiredByAPrivateHelperOfTheCalledFunctionRacesTheCheck() {
        let product = """
            public actor Store { public var saved: [String] = []; public func save(_ ids: [String]) { saved = ids } }
            @MainActor public final class Subscriptions {
                let store: Store
                public private(set) var ids: [String] = []
                public init(store: Store) { self.store = store }
                public func subscribe(to id: String) {
                    ids.append(id)
                    persist()
                }
                public func count() -> Int { ids.count }
                private func persist() {
                    let ids = self.ids
                    Task.detached(priority: .utility) { await self.store.save(ids) }
                }
            }
            """
        let tests = """
            import Testing
            @MainActor @Suite struct SubscriptionTests {
                @Test func persists() async {
                    let store = Store()
                    let subscriptions = Subscriptions(store: store)
                    subscriptions.subscribe(to: "swift-talk")
                    #expect(await store.saved == ["swift-talk"])
                }
                @Test func counts() {
                    let subscriptions = Subscriptions(store: Store())
                    #expect(subscriptions.count() == 0)
                }
            }
            """
        let hint = Self.hints(product: product, tests: tests, prefix: "MTests.SubscriptionTests/")
        #expect(hint("persists()") == .unstructuredTask)
        #expect(hint("counts()") == SynchronisationHint.none)
    }

    @Test func aCheckRightAfterAFiringCallRacesItsTaskWhateverComesLater() {
        let product = """
            public actor Engine {
                public var isMuted = false
                public init() {}
                public func mute() { isMuted = true }
                public nonisolated func handleRemoteMute() { Task { await self.mute() } }
            }
            """
        let tests = """
            import Testing
            @Suite struct EngineTests {
                @Test func checksAtOnceThenSleeps() async throws {
                    let engine = Engine()
                    engine.handleRemoteMute()
                    #expect(await engine.isMuted)
                    try await Task.sleep(for: .milliseconds(50))
                    #expect(await engine.isMuted)
                }
                @Test func sleepsThenChecks() async throws {
                    let engine = Engine()
                    engine.handleRemoteMute()
                    try await Task.sleep(for: .milliseconds(50))
                    #expect(await engine.isMuted)
                }
            }
            """
        let hint = Self.hints(product: product, tests: tests, prefix: "MTests.EngineTests/")
        #expect(hint("checksAtOnceThenSleeps()") == .unstructuredTask)
        #expect(hint("sleepsThenChecks()") == .sleepGated)
    }

    @Test func aTaskHandedBackIsWaitedForBoundOrInlineAFireAndForgetCallIsNot() {
        let product = """
            public actor Refresher {
                public var count = 0
                public init() {}
                func load() { count = 2 }
                public nonisolated func refreshInBackground() -> Task<Int, Never> {
                    Task { await self.load(); return await self.count }
                }
            }
            """
        let tests = """
            import XCTest
            final class RefresherTests: XCTestCase {
                func testHoldsTheTask() async {
                    let refresher = Refresher()
                    let refresh = refresher.refreshInBackground()
                    let count = await refresh.value
                    XCTAssertEqual(count, 2)
                }
                func testAwaitsTheCall() async {
                    let refresher = Refresher()
                    _ = await refresher.refreshInBackground().value
                    let count = await refresher.count
                    XCTAssertEqual(count, 2)
                }
                func testDropsTheTask() async {
                    let refresher = Refresher()
                    _ = refresher.refreshInBackground()
                    let count = await refresher.count
                    XCTAssertEqual(count, 2)
                }
            }
            """
        let hint = Self.hints(product: product, tests: tests, prefix: "MTests.RefresherTests/")
        #expect(hint("testHoldsTheTask") == .continuationGated)
        #expect(hint("testAwaitsTheCall") == .continuationGated)
        #expect(hint("testDropsTheTask") == .unstructuredTask)
    }

    @Test func theFirstElementOfAStreamIsAWaitOfAnActorsArrayIsNot() {
        let product = """
            public enum Event: Equatable, Sendable { case paused, playing }
            public actor Player {
                public let events: AsyncStream<Event>
                private let continuation: AsyncStream<Event>.Continuation
                public var history: [Event] = []
                public init() { (events, continuation) = AsyncStream.makeStream() }
                public func pause() { history.append(.paused); continuation.yield(.paused) }
                public nonisolated func disconnect() { Task { await self.pause() } }
            }
            """
        let tests = """
            import Testing
            @Suite struct PlayerTests {
                @Test func waitsForThePause() async {
                    let player = Player()
                    player.disconnect()
                    let event = await player.events.first { $0 == .paused }
                    #expect(event == .paused)
                }
                @Test func readsTheHistory() async {
                    let player = Player()
                    await player.pause()
                    let event = await player.history.first { $0 == .paused }
                    #expect(event == .paused)
                }
            }
            """
        let hint = Self.hints(product: product, tests: tests, prefix: "MTests.PlayerTests/")
        #expect(hint("waitsForThePause()") == .continuationGated)
        #expect(hint("readsTheHistory()") == SynchronisationHint.none)
    }
}
