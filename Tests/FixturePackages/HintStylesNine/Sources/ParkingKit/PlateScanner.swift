import Dispatch
import Foundation

public enum ScanError: Error, Equatable {
    case emptyImage
    case unreadable
}

/// Wraps the on-device OCR engine, which has a callback API and runs on its own queue.
public final class PlateScanner: Sendable {
    private let queue = DispatchQueue(label: "com.curbside.plate-scanner", qos: .userInitiated)

    public init() {}

    public func scan(_ image: Data, completion: @escaping @Sendable (Result<String, ScanError>) -> Void) {
        queue.async {
            guard !image.isEmpty else {
                completion(.failure(.emptyImage))
                return
            }
            // Stand-in for the OCR model: treat the payload as text.
            guard let raw = String(data: image, encoding: .utf8) else {
                completion(.failure(.unreadable))
                return
            }
            let plate = raw
                .uppercased()
                .filter { $0.isLetter || $0.isNumber }
            completion(plate.isEmpty ? .failure(.unreadable) : .success(plate))
        }
    }
}
