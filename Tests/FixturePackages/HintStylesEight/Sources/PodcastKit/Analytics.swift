import Foundation

public enum AnalyticsEvent: Sendable, Equatable {
    case episodePlayed(String)
    case episodeSkipped(String)
    case feedSubscribed(String)
}

public final class AnalyticsReporter: Sendable {
    private let send: @Sendable ([AnalyticsEvent]) async -> Void

    public init(send: @escaping @Sendable ([AnalyticsEvent]) async -> Void) {
        self.send = send
    }

    /// Fire-and-forget; analytics must never block the UI.
    public func track(_ event: AnalyticsEvent) {
        let send = self.send
        Task.detached(priority: .background) {
            await send([event])
        }
    }
}

/// Periodically saves the playback position so we can resume after a crash.
public actor ProgressSaver<C: Clock> where C.Duration == Duration {
    public typealias Position = (episodeID: String, offset: Duration)

    private let clock: C
    private let interval: Duration
    private let currentPosition: @Sendable () -> Position?
    private let save: @Sendable (String, Duration) async -> Void
    private var loop: Task<Void, Never>?

    public init(
        clock: C,
        interval: Duration = .seconds(15),
        currentPosition: @escaping @Sendable () -> Position?,
        save: @escaping @Sendable (String, Duration) async -> Void
    ) {
        self.clock = clock
        self.interval = interval
        self.currentPosition = currentPosition
        self.save = save
    }

    public func start() {
        guard loop == nil else { return }
        let clock = self.clock
        let interval = self.interval
        let currentPosition = self.currentPosition
        let save = self.save
        loop = Task {
            while !Task.isCancelled {
                do {
                    try await clock.sleep(for: interval)
                } catch {
                    return
                }
                if let position = currentPosition() {
                    await save(position.episodeID, position.offset)
                }
            }
        }
    }

    public func stop() {
        loop?.cancel()
        loop = nil
    }
}
