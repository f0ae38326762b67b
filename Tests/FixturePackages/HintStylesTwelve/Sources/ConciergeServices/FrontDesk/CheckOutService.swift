import ConciergeCore
import Foundation

public actor CheckOutService {
    private let inventory: RoomInventory
    private let board: HousekeepingBoard
    private let propertySystem: any PropertyManagementSystem
    private var folioSyncTask: Task<Void, Never>?
    private var failedUploads: [Folio] = []

    public init(inventory: RoomInventory, board: HousekeepingBoard, propertySystem: any PropertyManagementSystem) {
        self.inventory = inventory
        self.board = board
        self.propertySystem = propertySystem
    }

    /// Closes the stay at the desk. Folio upload and housekeeping notification continue in the background.
    public func checkOut(room: RoomNumber, guestName: String, charges: [Charge]) async -> Folio {
        let folio = Folio(room: room, guestName: guestName, charges: charges)
        await inventory.release(room)
        enqueueFolioUpload(folio)
        notifyHousekeeping(room)
        return folio
    }

    /// Waits until every queued folio upload has been attempted.
    public func flush() async {
        await awaitPendingFolioSync()
    }

    public var failedUploadCount: Int { failedUploads.count }

    private func awaitPendingFolioSync() async {
        await folioSyncTask?.value
    }

    private func enqueueFolioUpload(_ folio: Folio) {
        let previous = folioSyncTask
        let pms = propertySystem
        folioSyncTask = Task {
            await previous?.value
            do {
                try await pms.uploadFolio(folio)
            } catch {
                self.recordFailedUpload(folio)
            }
        }
    }

    private func recordFailedUpload(_ folio: Folio) {
        failedUploads.append(folio)
    }

    private func notifyHousekeeping(_ room: RoomNumber) {
        let board = self.board
        Task {
            await board.markDirty(room)
        }
    }
}
