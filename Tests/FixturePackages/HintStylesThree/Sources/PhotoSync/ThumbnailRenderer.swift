import Foundation

public actor ThumbnailCache {
    private var store: [String: Data] = [:]

    public init() {}

    public func render(_ photo: Photo) -> Data {
        let data = Data(photo.id.utf8)
        store[photo.id] = data
        return data
    }

    public func contains(_ id: String) -> Bool {
        store[id] != nil
    }
}

/// Renders thumbnails off the main thread. Rendering can be paused while the
/// user scrolls quickly; paused renders park on `resumeContinuation`.
public final class ThumbnailRenderer: @unchecked Sendable {
    public let cache = ThumbnailCache()
    private let onRendered: @Sendable (String) -> Void
    private let lock = NSLock()
    private var isPaused = false
    private var resumeContinuations: [CheckedContinuation<Void, Never>] = []

    public init(onRendered: @escaping @Sendable (String) -> Void = { _ in }) {
        self.onRendered = onRendered
    }

    public func pause() {
        lock.withLock { isPaused = true }
    }

    public func resume() {
        let waiting = lock.withLock {
            isPaused = false
            defer { resumeContinuations = [] }
            return resumeContinuations
        }
        waiting.forEach { $0.resume() }
    }

    private func waitIfPaused() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let shouldWait = lock.withLock {
                if isPaused { resumeContinuations.append(continuation) }
                return isPaused
            }
            if !shouldWait { continuation.resume() }
        }
    }

    public func renderInBackground(_ photo: Photo) {
        Task {
            await self.waitIfPaused()
            _ = await self.cache.render(photo)
            self.onRendered(photo.id)
        }
    }
}
