import Foundation

public enum DriverStatus: Sendable, Equatable {
    case online, busy, offline
}

public struct PresenceUpdate: Sendable, Equatable {
    public let driverID: String
    public let status: DriverStatus

    public init(driverID: String, status: DriverStatus) {
        self.driverID = driverID
        self.status = status
    }
}

/// Multicasts presence changes to any number of AsyncStream subscribers.
public final class PresenceFeed: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [UUID: AsyncStream<PresenceUpdate>.Continuation] = [:]
    private var changeHandler: (@Sendable (PresenceUpdate) -> Void)?

    public init() {}

    public func updates() -> AsyncStream<PresenceUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: PresenceUpdate.self,
            bufferingPolicy: .bufferingNewest(32)
        )
        let token = UUID()
        lock.synchronized { subscribers[token] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.unsubscribe(token)
        }
        return stream
    }

    public func onChange(_ handler: @escaping @Sendable (PresenceUpdate) -> Void) {
        lock.synchronized { changeHandler = handler }
    }

    public func publish(_ update: PresenceUpdate) {
        let (targets, handler) = lock.synchronized { (Array(subscribers.values), changeHandler) }
        for target in targets {
            target.yield(update)
        }
        handler?(update)
    }

    private func unsubscribe(_ token: UUID) {
        lock.synchronized { _ = subscribers.removeValue(forKey: token) }
    }
}

public actor PresenceService {
    private let feed: PresenceFeed
    public private(set) var statuses: [String: DriverStatus] = [:]
    public private(set) var heartbeats = 0
    private var heartbeatTask: Task<Void, Never>?

    public init(feed: PresenceFeed) {
        self.feed = feed
    }

    public func mark(_ driverID: String, as status: DriverStatus) {
        statuses[driverID] = status
        feed.publish(PresenceUpdate(driverID: driverID, status: status))
    }

    public func markOnline(_ driverID: String) {
        mark(driverID, as: .online)
    }

    public func beginHeartbeat(every interval: Duration = .seconds(5)) {
        heartbeatTask?.cancel()
        heartbeatTask = Task { [weak self] in
            while !Task.isCancelled {
                guard let self else { return }
                await self.beat()
                try? await Task.sleep(for: interval)
            }
        }
    }

    public func endHeartbeat() {
        heartbeatTask?.cancel()
        heartbeatTask = nil
    }

    private func beat() {
        heartbeats += 1
    }
}
