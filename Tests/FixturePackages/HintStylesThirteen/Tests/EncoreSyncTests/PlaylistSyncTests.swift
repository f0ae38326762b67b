import Foundation
import XCTest
import EncoreModel
import EncoreSync

final class PlaylistSyncTests: XCTestCase {
    func testPullChangesMergesCallbackResponse() async throws {
        var renamed = Fixtures.roadTrip
        renamed.name = "Road Trip (Summer)"
        renamed.revision = 2
        renamed.isAvailableOffline = false
        let remote = FakePlaylistRemote(responses: [
            PlaylistChangeSet(upserted: [renamed, Fixtures.lateNight], serverRevision: 2),
        ])
        let service = PlaylistSyncService(remote: remote, seed: [Fixtures.roadTrip], revision: 1)

        let merged = try await service.pullChanges()

        XCTAssertEqual(merged.map(\.name), ["Late Night", "Road Trip (Summer)"])
        XCTAssertEqual(
            merged.first { $0.id == Fixtures.roadTrip.id }?.isAvailableOffline, true,
            "offline availability is a device setting and must survive a rename"
        )
        let revision = await service.lastSyncedRevision
        XCTAssertEqual(revision, 2)
    }

    func testMergeKeepsLocalDraftsAndIgnoresStaleRevisions() {
        let draft = Playlist(id: "local-7F3A", name: "Gym", revision: 0)
        var stale = Fixtures.roadTrip
        stale.name = "Old Name"
        stale.revision = 0
        let changes = PlaylistChangeSet(
            upserted: [stale],
            deletedIDs: [Fixtures.lateNight.id, draft.id],
            serverRevision: 4
        )

        let merged = PlaylistMerger.merge(local: [Fixtures.roadTrip, Fixtures.lateNight, draft], changes: changes)

        XCTAssertEqual(merged.map(\.id), [draft.id, Fixtures.roadTrip.id])
        XCTAssertEqual(merged.last?.name, "Road Trip")
    }

    func testSwipeToDeleteRecordsTombstone() async {
        let remote = FakePlaylistRemote()
        let service = PlaylistSyncService(remote: remote, seed: [Fixtures.roadTrip, Fixtures.lateNight], revision: 1)
        let viewModel = await LibraryViewModel(playlistService: service, downloads: DownloadHarness().queue)
        await viewModel.load()

        await viewModel.deletePlaylist(Fixtures.lateNight.id)

        let tombstones = await service.tombstones
        XCTAssertEqual(tombstones, [Fixtures.lateNight.id])
        let remaining = await viewModel.playlists
        XCTAssertEqual(remaining.map(\.id), [Fixtures.roadTrip.id])
    }

    func testBackgroundSyncEventuallyReachesServerRevision() async {
        var lateNight = Fixtures.lateNight
        lateNight.revision = 3
        let remote = FakePlaylistRemote(responses: [
            PlaylistChangeSet(upserted: [lateNight], serverRevision: 3),
        ])
        let service = PlaylistSyncService(remote: remote, seed: [Fixtures.roadTrip], revision: 1)

        service.syncInBackground()
        while await service.lastSyncedRevision < 3 {
            await Task.yield()
        }

        let playlists = await service.localPlaylists()
        XCTAssertEqual(playlists.map(\.name), ["Late Night", "Road Trip"])
    }
}
