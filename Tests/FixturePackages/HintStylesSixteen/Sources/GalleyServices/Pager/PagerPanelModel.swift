import GalleyModel

/// Expo-side panel that batches pages while the expo is plating.
@MainActor
public final class PagerPanelModel {
    private let pager: ServerPager
    public private(set) var pending: [PagerMessage] = []
    public private(set) var lastBatchSize = 0

    public nonisolated init(pager: ServerPager) {
        self.pager = pager
    }

    public func queue(_ message: PagerMessage) {
        pending.append(message)
    }

    /// Bound to the "send all" button.
    public func sendAllPending() {
        let batch = pending
        let pager = self.pager
        Task {
            for message in batch {
                await pager.send(message)
            }
            self.pending.removeAll { batch.contains($0) }
            self.lastBatchSize = batch.count
        }
    }
}
