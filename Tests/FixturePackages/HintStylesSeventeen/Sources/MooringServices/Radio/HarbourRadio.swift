import Foundation
import MooringModel

/// Incoming VHF traffic from the receiver, decoded off the main thread.
public final class HarbourRadio: @unchecked Sendable {
    public let messages: AsyncStream<RadioMessage>
    private let continuation: AsyncStream<RadioMessage>.Continuation

    public init() {
        let (stream, continuation) = AsyncStream.makeStream(of: RadioMessage.self, bufferingPolicy: .bufferingNewest(64))
        self.messages = stream
        self.continuation = continuation
    }

    public func receive(raw: String) {
        Task.detached(priority: .userInitiated) { [continuation] in
            guard let message = RadioMessage.decode(raw) else { return }
            continuation.yield(message)
        }
    }

    public func close() {
        continuation.finish()
    }
}
