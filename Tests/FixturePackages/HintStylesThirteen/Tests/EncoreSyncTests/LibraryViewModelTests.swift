import Foundation
import Testing
import EncoreModel
import EncoreSync

@Suite("Library screen")
struct LibraryViewModelTests {
    let harness = DownloadHarness()

    @MainActor
    private func makeViewModel(
        remote: FakePlaylistRemote = FakePlaylistRemote(),
        seed: [Playlist] = [Fixtures.roadTrip, Fixtures.lateNight]
    ) -> (LibraryViewModel, PlaylistSyncService) {
        let service = PlaylistSyncService(remote: remote, seed: seed, revision: 1)
        let viewModel = LibraryViewModel(
            playlistService: service,
            downloads: harness.queue,
            catalog: Fixtures.allTracks
        )
        return (viewModel, service)
    }

    @Test @MainActor func pullToRefreshShowsSpinnerImmediately() {
        let (viewModel, _) = makeViewModel()
        #expect(!viewModel.isLoading)

        viewModel.refresh()

        #expect(viewModel.isLoading)
    }

    @Test @MainActor func loadShowsStoredPlaylistsAndFinishedDownloads() async {
        await harness.queue.restore(completed: [
            Fixtures.nightcall: harness.expectedURL(for: Fixtures.nightcall),
        ])
        let (viewModel, _) = makeViewModel()

        await viewModel.load()

        #expect(viewModel.playlists.map(\.name) == ["Road Trip", "Late Night"])
        #expect(viewModel.downloadedTracks == [Fixtures.nightcall])
    }

    @Test @MainActor func searchResultsAppearAfterTwoYields() async {
        let (viewModel, _) = makeViewModel()

        viewModel.search("  night ")
        await Task.yield()
        await Task.yield()

        #expect(viewModel.searchResults.map(\.id) == [Fixtures.nightcall.id, Fixtures.midnightCity.id])
    }

    @Test func pinningQueuesTrackForDownload() async {
        let (viewModel, _) = await makeViewModel()

        await viewModel.pinForOffline(Fixtures.teardrop)

        let known = await harness.queue.knowsAbout(Fixtures.teardrop.id)
        #expect(known)
    }
}
