// Strategy family 6: work fired from a nonisolated method, waited for with a sleep or with its task.
// Source articles: actor-mocks-nonisolated-members.txt (a `Task {}` fired from a nonisolated member)
// and continuation-and-clock-gated-tests.txt (a sleep is a guess, not a synchronisation point).

/// The pages a feed will show next, fetched ahead of time. It belongs to the UI, so it lives on the
/// main actor: every page the prefetcher stores is a hop onto the main thread and back.
@MainActor public final class PageCache {
    private var pages: [Int: [String]] = [:]

    public nonisolated init() {}

    public func store(_ page: [String], at index: Int) { pages[index] = page }

    public var count: Int { pages.count }
}

/// Fetches the next pages into a `PageCache` in the background. `prefetch(pages:)` is nonisolated so
/// a view can call it without `await`; it hands back its task so that a caller that needs the pages
/// (a test) can wait for exactly that work instead of waiting "long enough".
public struct PagePrefetcher: Sendable {
    private let cache: PageCache
    private let fetchPage: @Sendable (Int) async -> [String]

    public init(cache: PageCache, fetchPage: @escaping @Sendable (Int) async -> [String]) {
        self.cache = cache
        self.fetchPage = fetchPage
    }

    /// Starts fetching pages `0..<pages` one after another, off the main actor; each page is then
    /// stored on the main actor.
    @discardableResult
    public nonisolated func prefetch(pages: Int) -> Task<Void, Never> {
        Task { [cache, fetchPage] in
            for index in 0..<pages {
                await cache.store(await fetchPage(index), at: index)
            }
        }
    }
}
