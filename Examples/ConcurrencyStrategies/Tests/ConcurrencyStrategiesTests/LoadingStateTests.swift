// Six ways to observe `PostListViewModel`'s intermediate `isLoading == true` state (Swift Testing).
// XCTest twins, with longer comments: LoadingStateXCTests.swift.
// Article: continuation-and-clock-gated-tests.txt
import ConcurrencyStrategies
import Testing

@Suite struct LoadingStateTests {

    /// Failing, always: `load()` has finished before the first expectation.
    @MainActor @Test func awaitWholeCall() async {
        let viewModel = PostListViewModel(repository: PostRepository { samplePosts })

        await viewModel.load()

        #expect(viewModel.isLoading, "A: expected to be loading")  // fails
        #expect(viewModel.posts == samplePosts)
        #expect(!viewModel.isLoading)
    }

    /// Failing, always: the new main-actor task can't start while the test holds the main actor.
    @MainActor @Test func checkBeforeTaskRuns() async {
        let viewModel = PostListViewModel(repository: PostRepository { samplePosts })

        let task = Task { await viewModel.load() }

        #expect(viewModel.isLoading, "A: expected to be loading")  // fails
        await task.value
        #expect(viewModel.posts == samplePosts)
        #expect(!viewModel.isLoading)
    }

    /// Flaky: a single yield is a scheduling hint, not a synchronisation point.
    @Test func singleYield() async {
        let viewModel = await PostListViewModel(repository: PostRepository { samplePosts })

        let task = Task { @MainActor in await viewModel.load() }
        await Task.yield()

        #expect(await viewModel.isLoading, "A: expected to be loading")
        await task.value
        #expect(await viewModel.posts == samplePosts)
        #expect(await !viewModel.isLoading)
    }

    /// Flaky, less often: an extra yield inside the fake repository widens the window.
    @Test func doubleYield() async {
        let viewModel = await PostListViewModel(repository: PostRepository {
            await Task.yield()
            return samplePosts
        })

        let task = Task { @MainActor in await viewModel.load() }
        await Task.yield()

        #expect(await viewModel.isLoading, "A: expected to be loading")
        await task.value
        #expect(await viewModel.posts == samplePosts)
        #expect(await !viewModel.isLoading)
    }

    /// Stable: the repository parks on a continuation that only the test resumes.
    @Test func continuationGate() async throws {
        let (fetchStarted, fetchStartedContinuation) = AsyncStream.makeStream(of: CheckedContinuation<Void, Never>.self)
        let viewModel = await PostListViewModel(repository: PostRepository {
            await withCheckedContinuation { continuation in
                fetchStartedContinuation.yield(continuation)
            }
            return samplePosts
        })

        let task = Task { @MainActor in await viewModel.load() }
        var iterator = fetchStarted.makeAsyncIterator()
        let release = try #require(await iterator.next())

        #expect(await viewModel.isLoading, "A: expected to be loading")
        release.resume()
        await task.value
        #expect(await viewModel.posts == samplePosts)
        #expect(await !viewModel.isLoading)
    }

    /// Stable: the repository sleeps on a ManualClock that only the test advances.
    @Test func clockGate() async {
        let clock = ManualClock()
        let viewModel = await PostListViewModel(repository: PostRepository {
            try await clock.sleep(for: .seconds(2))
            return samplePosts
        })

        let task = Task { @MainActor in await viewModel.load() }
        await clock.waitForSleepers(1)

        #expect(await viewModel.isLoading, "A: expected to be loading")
        clock.advance(by: .seconds(2))
        await task.value
        #expect(await viewModel.posts == samplePosts)
        #expect(await !viewModel.isLoading)
    }
}
