import Foundation
import EncoreModel

/// Fetches encrypted audio for a track and returns where it was written.
public protocol DownloadTransport: Sendable {
    func download(_ track: Track, to directory: URL) async throws -> URL
}

extension DownloadTransport {
    /// Default location of the offline store.
    public var defaultDirectory: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("EncoreOffline", isDirectory: true)
    }
}

/// Serial background download queue for the offline library.
public actor DownloadQueue {
    private let transport: DownloadTransport
    private let directory: URL
    private var pending: [Track] = []
    private var tracks: [TrackID: Track] = [:]
    private var states: [TrackID: DownloadState] = [:]
    private var subscribers: [UUID: AsyncStream<DownloadEvent>.Continuation] = [:]
    private var processingTask: Task<Void, Never>?

    public init(transport: DownloadTransport, directory: URL? = nil) {
        self.transport = transport
        self.directory = directory ?? transport.defaultDirectory
    }

    // MARK: Queue management

    public func enqueue(_ newTracks: [Track]) {
        for track in newTracks where states[track.id] == nil || states[track.id]?.isTerminal == true {
            if case .completed = states[track.id] { continue }
            tracks[track.id] = track
            states[track.id] = .queued
            pending.append(track)
        }
    }

    public func remove(_ id: TrackID) {
        pending.removeAll { $0.id == id }
        states[id] = nil
        tracks[id] = nil
    }

    /// Restores completed downloads found on disk after an app relaunch.
    public func restore(completed: [Track: URL]) {
        for (track, url) in completed {
            tracks[track.id] = track
            states[track.id] = .completed(localURL: url)
        }
    }

    public func state(for id: TrackID) -> DownloadState? {
        states[id]
    }

    public func knowsAbout(_ id: TrackID) -> Bool {
        states[id] != nil
    }

    public var pendingCount: Int { pending.count }

    public func completedTracks() -> [Track] {
        states.compactMap { id, state in
            guard case .completed = state else { return nil }
            return tracks[id]
        }
        .sorted { $0.title < $1.title }
    }

    // MARK: Events

    public func events() -> AsyncStream<DownloadEvent> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<DownloadEvent>.makeStream(bufferingPolicy: .bufferingNewest(64))
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(id) }
        }
        return stream
    }

    private func unsubscribe(_ id: UUID) {
        subscribers[id] = nil
    }

    private func emit(_ event: DownloadEvent) {
        for continuation in subscribers.values {
            continuation.yield(event)
        }
    }

    // MARK: Processing

    /// Starts draining the queue in the background. Calling it while a drain is running is a no-op.
    public func startProcessing() {
        guard processingTask == nil else { return }
        processingTask = Task { [weak self] in
            await self?.drain()
        }
    }

    /// Suspends until the current background drain (if any) has finished.
    public func waitForIdle() async {
        while let task = processingTask {
            await task.value
        }
    }

    private func drain() async {
        while !pending.isEmpty {
            let track = pending.removeFirst()
            _ = await perform(track)
        }
        processingTask = nil
    }

    /// Downloads a single track right away (used for "play now, keep offline").
    public func downloadNow(_ track: Track) async throws -> URL {
        tracks[track.id] = track
        let state = await perform(track)
        switch state {
        case let .completed(url):
            return url
        case let .failed(reason):
            throw DownloadError.transportFailed(reason)
        case .queued, .downloading:
            throw DownloadError.transportFailed("download did not finish")
        }
    }

    /// Callback flavour for UIKit-era call sites; completion runs on an arbitrary executor.
    public nonisolated func download(_ track: Track, completion: @escaping @Sendable (DownloadState) -> Void) {
        Task {
            let state = await self.performTracked(track)
            completion(state)
        }
    }

    private func performTracked(_ track: Track) async -> DownloadState {
        tracks[track.id] = track
        return await perform(track)
    }

    private func perform(_ track: Track) async -> DownloadState {
        states[track.id] = .downloading
        emit(.started(track.id))
        let state: DownloadState
        do {
            let url = try await transport.download(track, to: directory)
            state = .completed(localURL: url)
            emit(.finished(track.id, url))
        } catch {
            state = .failed(reason: String(describing: error))
            emit(.failed(track.id, String(describing: error)))
        }
        // The item may have been removed while the transfer was in flight.
        if tracks[track.id] != nil {
            states[track.id] = state
        }
        return state
    }
}

public enum DownloadError: Error, Equatable {
    case transportFailed(String)
}
