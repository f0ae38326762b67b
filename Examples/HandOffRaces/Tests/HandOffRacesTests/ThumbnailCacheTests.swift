import HandOffRaces
import Testing

@MainActor @Suite struct ThumbnailCacheTests {
    private let thumbnail: [UInt8] = [0x89, 0x50, 0x4E, 0x47]

    /// Racy, rarely: after two hops to the cache the detached write has almost always landed, so a
    /// "relaunched" cache finds the thumbnail on disk; now and then the write has not run yet.
    @Test func thumbnailSurvivesRelaunch() async {
        let store = ThumbnailStore()
        let cache = ThumbnailCache(store: store)
        await cache.insert(thumbnail, for: "cat.png")
        #expect(await cache.thumbnail(for: "cat.png") == thumbnail)

        let relaunched = ThumbnailCache(store: store)
        #expect(await relaunched.thumbnail(for: "cat.png") == thumbnail)
    }

    /// Stable: the test waits for the background write before the relaunch.
    @Test func thumbnailSurvivesRelaunchAfterFlush() async {
        let store = ThumbnailStore()
        let cache = ThumbnailCache(store: store)
        await cache.insert(thumbnail, for: "cat.png")
        await cache.flush()

        let relaunched = ThumbnailCache(store: store)
        #expect(await relaunched.thumbnail(for: "cat.png") == thumbnail)
    }
}
