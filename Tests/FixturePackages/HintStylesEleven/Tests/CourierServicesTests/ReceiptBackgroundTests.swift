import Testing
import CourierModel
import CourierServices

@Suite struct ReceiptBackgroundTests {
    @Test func backgroundIssueNeverFilesTwoReceipts() async {
        let mailer = RecordingReceiptMailer()
        let service = ReceiptService(mailer: mailer)
        let order = Fixtures.order("o-9301", status: .delivered)

        // A courier double-taps "Delivered"; both pushes arrive.
        service.issueReceiptInBackground(for: order)
        service.issueReceiptInBackground(for: order)

        let filed = await service.issuedCount
        #expect(filed <= 1)
        #expect(mailer.sentReceipts.count <= 1)
    }
}
