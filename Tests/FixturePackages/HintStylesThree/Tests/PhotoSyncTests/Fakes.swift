import Foundation
@testable import PhotoSync

// MARK: - Photo repositories

struct StubPhotoRepository: PhotoRepository {
    var result: Result<[Photo], UploadError>

    func fetchPhotos() async throws -> [Photo] {
        try result.get()
    }
}

/// Parks every fetch until `release()` is called, so tests can observe the
/// loading state.
actor GatedPhotoRepository: PhotoRepository {
    private let photos: [Photo]
    private let onFetch: @Sendable () -> Void
    private var fetchStarted = false
    private var released = false
    private var startWaiters: [CheckedContinuation<Void, Never>] = []
    private var parkedFetches: [CheckedContinuation<Void, Never>] = []

    init(photos: [Photo], onFetch: @escaping @Sendable () -> Void = {}) {
        self.photos = photos
        self.onFetch = onFetch
    }

    func fetchPhotos() async throws -> [Photo] {
        fetchStarted = true
        onFetch()
        startWaiters.forEach { $0.resume() }
        startWaiters = []
        if !released {
            await withCheckedContinuation { parkedFetches.append($0) }
        }
        return photos
    }

    /// Suspends until the code under test is parked inside `fetchPhotos()`.
    func prepare() async {
        if fetchStarted { return }
        await withCheckedContinuation { startWaiters.append($0) }
    }

    func release() {
        released = true
        parkedFetches.forEach { $0.resume() }
        parkedFetches = []
    }
}

/// Simulates a repository backed by a disk cache that needs warming.
struct SlowPhotoRepository: PhotoRepository {
    var photos: [Photo]
    var warmUp: Duration = .milliseconds(50)

    func fetchPhotos() async throws -> [Photo] {
        photos
    }

    /// Gives the disk cache time to warm up.
    func prepare() async {
        try? await Task.sleep(for: warmUp)
    }
}

// MARK: - Uploaders

struct StubUploader: PhotoUploading {
    func upload(_ photo: Photo) async throws -> String {
        "receipt-\(photo.id)"
    }
}

/// Fails the first `failures` uploads with `.network`.
actor FlakyUploader: PhotoUploading {
    private var remainingFailures: Int
    private(set) var calls = 0

    init(failures: Int) {
        remainingFailures = failures
    }

    func upload(_ photo: Photo) async throws -> String {
        calls += 1
        if remainingFailures > 0 {
            remainingFailures -= 1
            throw UploadError.network
        }
        return "receipt-\(photo.id)"
    }
}

/// Behaves like a real network: each upload takes a little while.
struct SlowUploader: PhotoUploading {
    var latency: Duration = .milliseconds(20)

    func upload(_ photo: Photo) async throws -> String {
        try await Task.sleep(for: latency)
        return "receipt-\(photo.id)"
    }
}

// MARK: - Search

actor SpySearcher: PhotoSearching {
    private(set) var queries: [String] = []
    var results: [Photo] = [.dog]

    func search(_ query: String) async -> [Photo] {
        queries.append(query)
        return results
    }
}

// MARK: - Albums

struct StubAlbumFetcher: AlbumFetching {
    var albums: [String: [Photo]]

    func album(id: String) async throws -> Album {
        await Task.yield()
        guard let photos = albums[id] else { throw UploadError.network }
        return Album(id: id, photos: photos)
    }
}

// MARK: - Notifications

actor MessageRecorder {
    private(set) var messages: [String] = []

    func append(_ message: String) {
        messages.append(message)
    }
}

/// Mimics the push client, which hands messages to its own actor.
final class MockNotifier: FriendNotifying {
    let recorder = MessageRecorder()

    func notify(_ message: String) {
        Task {
            await recorder.append(message)
        }
    }
}
