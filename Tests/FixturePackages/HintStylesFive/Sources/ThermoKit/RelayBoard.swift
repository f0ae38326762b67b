import Dispatch
import Foundation

public enum RelayError: Error, Equatable, Sendable {
    case badChannel(Int)
}

/// Vendor relay driver with a callback API running on its own queue.
public final class RelayBoard: @unchecked Sendable {
    public static let channelCount = 8

    private let queue = DispatchQueue(label: "thermokit.relay-board")
    private let lock = NSLock()
    private var states: [Int: Bool] = [:]
    private let switchDelay: DispatchTimeInterval

    public init(switchDelay: DispatchTimeInterval = .milliseconds(5)) {
        self.switchDelay = switchDelay
    }

    public func setChannel(
        _ channel: Int,
        on: Bool,
        completion: @escaping @Sendable (Result<Bool, RelayError>) -> Void
    ) {
        queue.asyncAfter(deadline: .now() + switchDelay) { [self] in
            guard (0..<Self.channelCount).contains(channel) else {
                completion(.failure(.badChannel(channel)))
                return
            }
            lock.lock()
            states[channel] = on
            lock.unlock()
            completion(.success(on))
        }
    }

    public func state(of channel: Int) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return states[channel] ?? false
    }

    /// Async bridge over the callback API.
    public func setChannel(_ channel: Int, on: Bool) async throws -> Bool {
        try await withCheckedThrowingContinuation { continuation in
            setChannel(channel, on: on) { result in
                continuation.resume(with: result)
            }
        }
    }
}
