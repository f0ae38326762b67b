import Foundation
import Dispatch

/// Old completion-handler client still used by the share extension.
public final class LegacyUploadClient: Sendable {
    private let queue = DispatchQueue(label: "photosync.legacy-upload")
    private let latency: Double

    public init(latency: Double = 0.01) {
        self.latency = latency
    }

    public func upload(_ photo: Photo, completion: @escaping @Sendable (Result<String, UploadError>) -> Void) {
        queue.asyncAfter(deadline: .now() + latency) {
            if photo.id.isEmpty {
                completion(.failure(.invalidPhoto))
            } else {
                completion(.success("legacy-\(photo.id)"))
            }
        }
    }
}

/// Flushes the on-disk queue on a background queue.
public final class BackgroundSyncer: @unchecked Sendable {
    private let lock = NSLock()
    private var _isDone = false
    private var _syncedCount = 0

    public init() {}

    public var isDone: Bool { lock.withLock { _isDone } }
    public var syncedCount: Int { lock.withLock { _syncedCount } }

    public func syncInBackground(pending: Int) {
        DispatchQueue.global(qos: .utility).async {
            for _ in 0..<pending {
                self.lock.withLock { self._syncedCount += 1 }
            }
            self.lock.withLock { self._isDone = true }
        }
    }
}
