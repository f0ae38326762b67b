import Foundation

public protocol GPSHardware: Sendable {
    func readPosition() -> Coordinate?
}

public enum GPSError: Error, Equatable {
    case noSignal
}

/// Wraps the vendor SDK, which only offers queue-delivered callbacks.
public final class LegacyGPSClient: @unchecked Sendable {
    private let hardware: any GPSHardware
    private let callbackQueue: DispatchQueue
    private let stateLock = NSLock()
    private var _lastKnownFix: Coordinate?
    private var _fixCount = 0

    public init(hardware: any GPSHardware, callbackQueue: DispatchQueue = DispatchQueue(label: "ride.gps.callbacks")) {
        self.hardware = hardware
        self.callbackQueue = callbackQueue
    }

    public var lastKnownFix: Coordinate? { stateLock.synchronized { _lastKnownFix } }
    public var fixCount: Int { stateLock.synchronized { _fixCount } }

    public func requestFix(completion: @escaping @Sendable (Result<Coordinate, GPSError>) -> Void) {
        callbackQueue.async { [self] in
            guard let position = hardware.readPosition() else {
                completion(.failure(.noSignal))
                return
            }
            stateLock.synchronized {
                _lastKnownFix = position
                _fixCount += 1
            }
            completion(.success(position))
        }
    }
}

extension LegacyGPSClient {
    public func currentFix() async throws -> Coordinate {
        try await withCheckedThrowingContinuation { continuation in
            requestFix { result in
                continuation.resume(with: result)
            }
        }
    }
}
