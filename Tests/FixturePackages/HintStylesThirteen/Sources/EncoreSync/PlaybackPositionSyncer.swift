import Foundation
import EncoreModel

public protocol PositionUploader: Sendable {
    func upload(_ position: PlaybackPosition) async throws
}

/// Syncs "where did I stop" positions so playback can continue on another device.
public actor PlaybackPositionSyncer {
    private let uploader: PositionUploader
    private let scheduler: EncoreScheduler
    private let debounce: TimeInterval
    public nonisolated let deviceID: String
    /// Where the last pause point is written synchronously so a crash never loses it.
    private nonisolated let resumePointDirectory: URL?
    private var latest: [TrackID: PlaybackPosition] = [:]
    private var pendingScrubs: [TrackID: PlaybackPosition] = [:]
    private var flushScheduled = false
    public private(set) var uploadedCount = 0

    public init(
        uploader: PositionUploader,
        deviceID: String,
        scheduler: EncoreScheduler = TaskSleepScheduler(),
        debounce: TimeInterval = 5,
        resumePointDirectory: URL? = nil
    ) {
        self.uploader = uploader
        self.deviceID = deviceID
        self.scheduler = scheduler
        self.debounce = debounce
        self.resumePointDirectory = resumePointDirectory
    }

    public func lastRecordedPosition(for id: TrackID) -> PlaybackPosition? {
        latest[id]
    }

    // MARK: Player callbacks (called synchronously from the audio engine's thread)

    public nonisolated func playerDidPause(track id: TrackID, at seconds: Double) {
        let position = capturePosition(track: id, seconds: seconds)
        persistResumePoint(position)
    }

    nonisolated func capturePosition(track id: TrackID, seconds: Double) -> PlaybackPosition {
        let position = PlaybackPosition(
            trackID: id,
            seconds: max(0, seconds),
            deviceID: deviceID,
            recordedAt: EncoreEnvironment.now()
        )
        enqueueForSync(position)
        return position
    }

    nonisolated func persistResumePoint(_ position: PlaybackPosition) {
        guard let directory = resumePointDirectory else { return }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let data = try JSONEncoder().encode(position)
            try data.write(to: directory.appendingPathComponent("resume-point.json"), options: .atomic)
        } catch {
            // Best effort: the server copy is the source of truth.
        }
    }

    /// Reads the crash-safe resume point written by `playerDidPause`.
    public nonisolated func persistedResumePoint() -> PlaybackPosition? {
        guard let directory = resumePointDirectory,
              let data = try? Data(contentsOf: directory.appendingPathComponent("resume-point.json"))
        else { return nil }
        return try? JSONDecoder().decode(PlaybackPosition.self, from: data)
    }

    nonisolated func enqueueForSync(_ position: PlaybackPosition) {
        dispatchRecord(position)
    }

    nonisolated func dispatchRecord(_ position: PlaybackPosition) {
        Task {
            await self.record(position)
        }
    }

    /// Records a position and uploads it immediately.
    public func record(_ position: PlaybackPosition) async {
        latest[position.trackID] = position
        do {
            try await uploader.upload(position)
            uploadedCount += 1
        } catch {
            // Keep it in `latest`; the next record or flush retries.
        }
    }

    // MARK: Scrubbing (debounced)

    /// Scrubbing produces many positions per second; only the last one within `debounce` is uploaded.
    public func noteScrub(track id: TrackID, seconds: Double) {
        pendingScrubs[id] = PlaybackPosition(
            trackID: id,
            seconds: seconds,
            deviceID: deviceID,
            recordedAt: scheduler.now
        )
        guard !flushScheduled else { return }
        flushScheduled = true
        scheduler.schedule(after: debounce) { [weak self] in
            await self?.flushScrubs()
        }
    }

    private func flushScrubs() async {
        flushScheduled = false
        let positions = pendingScrubs.values.sorted { $0.trackID < $1.trackID }
        pendingScrubs.removeAll()
        for position in positions {
            await record(position)
        }
    }
}
