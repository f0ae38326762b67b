import Foundation
import ParkingKit

extension PlateScanner {
    func scan(_ image: Data) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            scan(image) { result in
                continuation.resume(with: result)
            }
        }
    }
}
