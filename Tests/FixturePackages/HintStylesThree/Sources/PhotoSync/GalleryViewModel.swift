import Foundation

public protocol PhotoRepository: Sendable {
    func fetchPhotos() async throws -> [Photo]
}

@MainActor
public final class GalleryViewModel {
    public private(set) var isLoading = false
    public private(set) var photos: [Photo] = []
    public private(set) var errorMessage: String?
    public private(set) var selected: Photo?

    private let repository: any PhotoRepository
    private var loadTask: Task<Void, Never>?

    /// Used by the photo detail sheet: `waitForDismiss()` suspends until the
    /// user closes the sheet.
    private var dismissContinuation: CheckedContinuation<Void, Never>?

    public init(repository: any PhotoRepository) {
        self.repository = repository
    }

    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            photos = try await repository.fetchPhotos()
            errorMessage = nil
        } catch {
            errorMessage = "Couldn't load your photos."
        }
    }

    /// Called from the view's `onAppear`; fire and forget.
    public func startLoading() {
        loadTask?.cancel()
        isLoading = true
        loadTask = Task {
            await self.load()
        }
    }

    public func select(_ photo: Photo) {
        selected = photo
    }

    public func waitForDismiss() async {
        await withCheckedContinuation { continuation in
            dismissContinuation = continuation
        }
    }

    public func dismissDetail() {
        selected = nil
        dismissContinuation?.resume()
        dismissContinuation = nil
    }
}
