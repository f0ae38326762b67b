// Six ways to observe `PostListViewModel`'s intermediate `isLoading == true` state (XCTest).
// Swift Testing twins: LoadingStateTests.swift. Article: continuation-and-clock-gated-tests.txt
import ConcurrencyStrategies
import XCTest

// The first two tests run on the main actor, like the view model, and fail deterministically.
// The other four are deliberately nonisolated: the test reads `isLoading` by hopping onto the main
// actor from a pool thread, so for the yield-based ones the outcome depends on real thread
// scheduling (on the main actor alone the order would be fixed, just not the one you want).

final class LoadingStateXCTests: XCTestCase {

    /// Failing, always: awaiting `load()` runs it to completion, so state A is already gone.
    @MainActor
    func testAwaitWholeCall() async {
        let viewModel = PostListViewModel(repository: PostRepository { samplePosts })

        await viewModel.load()

        XCTAssertTrue(viewModel.isLoading, "A: expected to be loading")    // fails: load() is over
        XCTAssertEqual(viewModel.posts, samplePosts)                        // B
        XCTAssertFalse(viewModel.isLoading)                                 // C
    }

    /// Failing, always: the test holds the main actor, so the task it just created cannot enter
    /// `load()` (a main-actor method) before the assertion runs.
    /// (Detached only because swift-corelibs-xctest's main run loop is slow, up to 100 ms, to pick up
    /// main-actor work enqueued from the main thread itself; the Swift Testing twin uses `Task {`.)
    @MainActor
    func testCheckBeforeTaskRuns() async {
        let viewModel = PostListViewModel(repository: PostRepository { samplePosts })

        let task = Task.detached { await viewModel.load() }

        XCTAssertTrue(viewModel.isLoading, "A: expected to be loading")    // fails: task not started
        await task.value
        XCTAssertEqual(viewModel.posts, samplePosts)
        XCTAssertFalse(viewModel.isLoading)
    }

    /// Flaky: one `Task.yield()` merely *lets* other work run. Whether `load()` has started (and not
    /// yet finished) by the time the test reads `isLoading` on the main actor depends on how the
    /// main thread and the cooperative pool's threads happen to be scheduled.
    func testSingleYield() async {
        let viewModel = await PostListViewModel(repository: PostRepository { samplePosts })

        let task = Task { @MainActor in await viewModel.load() }
        await Task.yield()

        let loading = await viewModel.isLoading
        XCTAssertTrue(loading, "A: expected to be loading")
        await task.value
        let posts = await viewModel.posts
        XCTAssertEqual(posts, samplePosts)
        let stillLoading = await viewModel.isLoading
        XCTAssertFalse(stillLoading)
    }

    /// Flaky, less often: the fake repository yields too, which stretches the window in which
    /// `isLoading` is true. A longer window is still only a probability, not a guarantee.
    func testDoubleYield() async {
        let viewModel = await PostListViewModel(repository: PostRepository {
            await Task.yield()  // the article's workaround: suspend inside the fake as well
            return samplePosts
        })

        let task = Task { @MainActor in await viewModel.load() }
        await Task.yield()

        let loading = await viewModel.isLoading
        XCTAssertTrue(loading, "A: expected to be loading")
        await task.value
        let posts = await viewModel.posts
        XCTAssertEqual(posts, samplePosts)
        let stillLoading = await viewModel.isLoading
        XCTAssertFalse(stillLoading)
    }

    /// Stable: the fake repository suspends on a continuation and sends it to the test through an
    /// AsyncStream. The test waits for it (so `load()` is provably inside `fetchPosts`), checks A,
    /// and only then resumes the continuation.
    func testContinuationGate() async throws {
        let (fetchStarted, fetchStartedContinuation) = AsyncStream.makeStream(of: CheckedContinuation<Void, Never>.self)
        let viewModel = await PostListViewModel(repository: PostRepository {
            await withCheckedContinuation { continuation in
                fetchStartedContinuation.yield(continuation)  // hand the "resume" button to the test
            }
            return samplePosts
        })

        let task = Task { @MainActor in await viewModel.load() }
        var iterator = fetchStarted.makeAsyncIterator()
        let next = await iterator.next()  // returns once fetchPosts is suspended
        let release = try XCTUnwrap(next)

        let loading = await viewModel.isLoading
        XCTAssertTrue(loading, "A: expected to be loading")
        release.resume()
        await task.value
        let posts = await viewModel.posts
        XCTAssertEqual(posts, samplePosts)
        let stillLoading = await viewModel.isLoading
        XCTAssertFalse(stillLoading)
    }

    /// Stable: the fake repository "takes two seconds" on a ManualClock. Those seconds pass only
    /// when the test calls `clock.advance(by:)`, after it has checked A.
    func testClockGate() async {
        let clock = ManualClock()
        let viewModel = await PostListViewModel(repository: PostRepository {
            try await clock.sleep(for: .seconds(2))
            return samplePosts
        })

        let task = Task { @MainActor in await viewModel.load() }
        await clock.waitForSleepers(1)  // returns once fetchPosts is asleep on the clock

        let loading = await viewModel.isLoading
        XCTAssertTrue(loading, "A: expected to be loading")
        clock.advance(by: .seconds(2))
        await task.value
        let posts = await viewModel.posts
        XCTAssertEqual(posts, samplePosts)
        let stillLoading = await viewModel.isLoading
        XCTAssertFalse(stillLoading)
    }
}
