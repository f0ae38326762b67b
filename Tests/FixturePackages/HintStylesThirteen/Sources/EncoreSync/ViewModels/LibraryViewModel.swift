import Foundation
import EncoreModel

@MainActor
public final class LibraryViewModel {
    public private(set) var playlists: [Playlist] = []
    public private(set) var downloadedTracks: [Track] = []
    public private(set) var searchResults: [Track] = []
    public private(set) var isLoading = false
    public private(set) var errorMessage: String?

    private let playlistService: PlaylistSyncService
    private let downloads: DownloadQueue
    private let pinCoordinator: OfflinePinCoordinator
    private let catalog: [Track]
    private var refreshTask: Task<Void, Never>?

    public init(
        playlistService: PlaylistSyncService,
        downloads: DownloadQueue,
        pinCoordinator: OfflinePinCoordinator? = nil,
        catalog: [Track] = []
    ) {
        self.playlistService = playlistService
        self.downloads = downloads
        self.pinCoordinator = pinCoordinator ?? OfflinePinCoordinator(queue: downloads)
        self.catalog = catalog
    }

    /// Initial screen load: local playlists and finished downloads, read in parallel.
    public func load() async {
        async let storedPlaylists = playlistService.localPlaylists()
        async let finished = downloads.completedTracks()
        let (loadedPlaylists, loadedTracks) = await (storedPlaylists, finished)
        playlists = loadedPlaylists
        downloadedTracks = loadedTracks
    }

    /// Pull-to-refresh.
    public func refresh() {
        guard refreshTask == nil else { return }
        isLoading = true
        errorMessage = nil
        refreshTask = Task {
            defer {
                isLoading = false
                refreshTask = nil
            }
            do {
                playlists = try await playlistService.pullChanges()
            } catch {
                errorMessage = "Couldn't sync playlists"
            }
        }
    }

    /// Filters the offline catalogue off the keystroke handler.
    public func search(_ query: String) {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        Task {
            guard !trimmed.isEmpty else {
                searchResults = []
                return
            }
            searchResults = catalog.filter { track in
                track.title.localizedCaseInsensitiveContains(trimmed)
                    || track.artist.localizedCaseInsensitiveContains(trimmed)
            }
        }
    }

    /// Swipe-to-delete on a playlist row.
    public func deletePlaylist(_ id: PlaylistID) {
        playlists.removeAll { $0.id == id }
        let service = playlistService
        Task.detached(priority: .userInitiated) {
            try? await service.deleteRemote(id)
        }
    }

    public func pinForOffline(_ track: Track) {
        pinCoordinator.pin(track)
    }
}
