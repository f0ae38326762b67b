import Foundation
import MooringModel

public protocol TelemetryEndpoint: Sendable {
    /// Posts a payload and returns the HTTP status code.
    func post(_ payload: Data, path: String) throws -> Int
}

/// Sends bilge readings to the insurer's telemetry service.
public final class BilgeUploader: @unchecked Sendable {
    private let endpoint: any TelemetryEndpoint
    private let queue = DispatchQueue(label: "mooring.sensors.bilge-upload", qos: .utility)
    private let encoder = JSONEncoder()

    public init(endpoint: any TelemetryEndpoint) {
        self.endpoint = endpoint
    }

    public func upload(_ reading: SensorReading, completion: @escaping @Sendable (Result<Int, Error>) -> Void) {
        queue.async { [endpoint, encoder] in
            do {
                let payload = try encoder.encode(reading)
                let status = try endpoint.post(payload, path: "/v1/bilge/\(reading.boatName)")
                completion(.success(status))
            } catch {
                completion(.failure(error))
            }
        }
    }
}
