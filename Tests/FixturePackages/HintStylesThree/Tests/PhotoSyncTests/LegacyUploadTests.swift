import XCTest
@testable import PhotoSync

final class LegacyUploadTests: XCTestCase {
    func testCompletionDeliversReceipt() {
        let client = LegacyUploadClient()
        let receipt = LockedBox<String?>(nil)
        let done = expectation(description: "upload completion")

        client.upload(.beach) { result in
            receipt.value = try? result.get()
            done.fulfill()
        }
        wait(for: [done], timeout: 1.0)

        XCTAssertEqual(receipt.value, "legacy-p1")
    }

    func testCompletionReportsInvalidPhoto() {
        let client = LegacyUploadClient()
        let failure = LockedBox<UploadError?>(nil)

        client.upload(Photo(id: "", title: "broken")) { result in
            if case .failure(let error) = result {
                failure.value = error
            }
        }
        Thread.sleep(forTimeInterval: 0.1)

        XCTAssertEqual(failure.value, .invalidPhoto)
    }
}

final class BackgroundSyncTests: XCTestCase {
    func testBackgroundSyncMarksDone() {
        let syncer = BackgroundSyncer()

        syncer.syncInBackground(pending: 3)
        usleep(50_000)

        XCTAssertTrue(syncer.isDone)
        XCTAssertEqual(syncer.syncedCount, 3)
    }
}
