import Foundation
import Synchronization

/// What survives a relaunch: thumbnails written to "disk" (memory here, behind a Mutex, so the race is
/// about order, not a data race).
public final class ThumbnailStore: Sendable {
    private let files = Mutex<[String: [UInt8]]>([:])

    public init() {}

    public func write(_ bytes: [UInt8], as name: String) {
        files.withLock { $0[name] = bytes }
    }

    public func read(_ name: String) -> [UInt8]? {
        files.withLock { $0[name] }
    }
}

/// An actor cache that keeps thumbnails in memory and persists each in the background.
public actor ThumbnailCache {
    private var memory: [String: [UInt8]] = [:]
    private let store: ThumbnailStore
    /// Each background write, for callers that need to know it landed (the gated tests).
    private var pendingWrites: [Task<Void, Never>] = []

    public init(store: ThumbnailStore) {
        self.store = store
    }

    /// Keeps the thumbnail and writes it to the store from a detached task nobody awaits: the call
    /// returns before the write has happened.
    public func insert(_ bytes: [UInt8], for name: String) {
        memory[name] = bytes
        let store = self.store
        pendingWrites.append(Task.detached { store.write(bytes, as: name) })
    }

    public func thumbnail(for name: String) -> [UInt8]? {
        memory[name] ?? store.read(name)
    }

    /// Waits for every background write started so far.
    public func flush() async {
        let writes = pendingWrites
        pendingWrites = []
        for write in writes { await write.value }
    }
}
