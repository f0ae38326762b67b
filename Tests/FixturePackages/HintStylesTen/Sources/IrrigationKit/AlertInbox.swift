import Foundation
import IrrigationCore

/// Persists which alerts the grower has acknowledged.
public protocol AlertArchive: Sendable {
    func archive(_ alerts: [IrrigationAlert]) async
}

/// The alert list on the panel.
@MainActor
public final class AlertInbox {
    public private(set) var unread: [IrrigationAlert] = []
    public private(set) var archived: [IrrigationAlert] = []
    private let archive: (any AlertArchive)?

    public init(archive: (any AlertArchive)? = nil) {
        self.archive = archive
    }

    public func receive(_ alert: IrrigationAlert) {
        unread.append(alert)
    }

    /// "Mark all read" button. Archiving talks to storage, so it runs in a task.
    public func markAllRead() {
        Task {
            let batch = unread
            unread.removeAll()
            archived.append(contentsOf: batch)
            await archive?.archive(batch)
        }
    }
}
