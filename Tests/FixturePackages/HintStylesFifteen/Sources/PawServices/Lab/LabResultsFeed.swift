import Foundation
import PawModel

/// Fans inbound lab events out to every open results screen.
public final class LabResultsFeed: @unchecked Sendable {
    private let subscribers = Locked<[UUID: AsyncStream<LabFeedEvent>.Continuation]>([:])

    public init() {}

    public func events() -> AsyncStream<LabFeedEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: LabFeedEvent.self)
        let id = UUID()
        subscribers.withLock { $0[id] = continuation }
        continuation.onTermination = { [subscribers] _ in
            subscribers.withLock { $0[id] = nil }
        }
        return stream
    }

    public func publish(_ event: LabFeedEvent) {
        for continuation in subscribers.snapshot.values {
            continuation.yield(event)
        }
    }

    public func finish() {
        let open = subscribers.withLock { subscribers -> [AsyncStream<LabFeedEvent>.Continuation] in
            defer { subscribers.removeAll() }
            return Array(subscribers.values)
        }
        open.forEach { $0.finish() }
    }
}
