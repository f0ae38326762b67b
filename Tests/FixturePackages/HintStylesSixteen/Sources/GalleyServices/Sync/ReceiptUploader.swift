import GalleyModel

/// Back-office accounting API.
public protocol UploadEndpoint: Sendable {
    func upload(_ receipt: Receipt) async
}

/// Batches closed receipts up to the back office.
public actor ReceiptUploader {
    private let endpoint: UploadEndpoint
    private var pending: [Receipt] = []
    private var flush: Task<Void, Never>?

    public init(endpoint: UploadEndpoint) {
        self.endpoint = endpoint
    }

    public func queue(_ receipt: Receipt) {
        pending.append(receipt)
    }

    /// Starts uploading everything queued so far, after any earlier flush.
    public func beginFlush() {
        let batch = pending
        pending.removeAll()
        let previous = flush
        let endpoint = self.endpoint
        flush = Task {
            await previous?.value
            for receipt in batch {
                await endpoint.upload(receipt)
            }
        }
    }

    /// Returns when the most recent flush has finished.
    public func awaitOutstanding() async {
        guard let flush else { return }
        await flush.value
    }
}
