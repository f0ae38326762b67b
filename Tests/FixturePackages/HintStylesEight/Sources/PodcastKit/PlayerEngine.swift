import Foundation

public actor PlayerEngine {
    public enum State: Sendable, Equatable {
        case idle, buffering, ready, playing, paused
    }

    public nonisolated let events: AsyncStream<PlayerEvent>
    private let sink: AsyncStream<PlayerEvent>.Continuation
    private let assetLoader: @Sendable (Episode) async throws -> Void
    private let onBuffering: @Sendable (String) -> Void

    public private(set) var state: State = .idle
    public private(set) var volume: Double = 0.8
    public private(set) var isMuted = false
    public private(set) var nowPlaying: Episode?
    private var volumeBeforeMute: Double?

    public init(
        assetLoader: @escaping @Sendable (Episode) async throws -> Void = { _ in },
        onBuffering: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        let (stream, continuation) = AsyncStream.makeStream(
            of: PlayerEvent.self,
            bufferingPolicy: .bufferingNewest(64)
        )
        self.events = stream
        self.sink = continuation
        self.assetLoader = assetLoader
        self.onBuffering = onBuffering
    }

    deinit {
        sink.finish()
    }

    public func load(_ episode: Episode) async throws {
        nowPlaying = episode
        state = .buffering
        sink.yield(.buffering(episodeID: episode.id))
        onBuffering(episode.id)
        try await assetLoader(episode)
        state = .ready
    }

    public func play(_ episode: Episode) {
        nowPlaying = episode
        state = .playing
        sink.yield(.started(episodeID: episode.id))
    }

    public func pause() {
        guard state == .playing, let episode = nowPlaying else { return }
        state = .paused
        sink.yield(.paused(episodeID: episode.id))
    }

    public func setVolume(_ level: Double) {
        volume = min(max(level, 0), 1)
        if volume > 0 { isMuted = false }
    }

    public func mute() {
        guard !isMuted else { return }
        volumeBeforeMute = volume
        volume = 0
        isMuted = true
    }

    public func unmute() {
        guard isMuted else { return }
        volume = volumeBeforeMute ?? 0.8
        volumeBeforeMute = nil
        isMuted = false
    }

    /// Audio route change notification; delivered on an audio-session thread.
    public nonisolated func headphonesDisconnected() {
        Task { await self.pause() }
    }

    /// MPRemoteCommandCenter-style handler.
    public nonisolated func handleRemoteMute() {
        Task { await self.mute() }
    }

    public nonisolated func fadeOut(over duration: Duration = .milliseconds(500), steps: Int = 5) {
        Task {
            let start = await self.volume
            for step in 1...steps {
                try? await Task.sleep(for: duration / steps)
                await self.setVolume(start * Double(steps - step) / Double(steps))
            }
        }
    }
}
