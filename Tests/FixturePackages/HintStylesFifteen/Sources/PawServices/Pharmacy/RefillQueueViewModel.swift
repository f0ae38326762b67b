import Foundation
import PawModel

@MainActor
public final class RefillQueueViewModel {
    public private(set) var submitted: [RefillRequest] = []
    public private(set) var failures: [PrescriptionID: RefillError] = [:]

    private let coordinator: RefillCoordinator

    public init(coordinator: RefillCoordinator) {
        self.coordinator = coordinator
    }

    /// Tapped from the owner portal's "Request refill" button.
    public func requestRefill(_ id: PrescriptionID) {
        Task {
            do {
                let request = try await coordinator.submit(id)
                submitted.append(request)
            } catch let error as RefillError {
                failures[id] = error
            } catch {}
        }
    }
}
