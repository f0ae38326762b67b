import GalleyModel

/// End-of-table and end-of-night sync.
public final class SyncCoordinator: Sendable {
    private let uploader: ReceiptUploader

    public init(uploader: ReceiptUploader) {
        self.uploader = uploader
    }

    public func closeOut(receipts: [Receipt]) async {
        for receipt in receipts {
            await uploader.queue(receipt)
        }
        await uploader.beginFlush()
    }

    public func drain() async {
        await uploader.awaitOutstanding()
    }
}
