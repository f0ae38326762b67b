import GalleyModel
import GalleyServices

/// Wires the receipt sync stack against a recording endpoint.
struct SyncHarness {
    let endpoint = RecordingUploadEndpoint()
    let uploader: ReceiptUploader
    let coordinator: SyncCoordinator

    init() {
        uploader = ReceiptUploader(endpoint: endpoint)
        coordinator = SyncCoordinator(uploader: uploader)
    }

    /// Lets background sync work finish before the test looks at the back office.
    func settleEverything() async {
        await coordinator.drain()
    }
}
