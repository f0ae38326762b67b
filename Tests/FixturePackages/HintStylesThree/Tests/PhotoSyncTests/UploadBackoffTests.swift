import XCTest
@testable import PhotoSync

final class UploadBackoffTests: XCTestCase {
    func testWaitsBeforeSecondAttempt() async {
        let clock = TestClock()
        let uploader = FlakyUploader(failures: 1)
        let queue = UploadQueue(uploader: uploader, sleeper: clock)

        let upload = Task { await queue.enqueue(.dog) }

        await clock.advance(by: .seconds(1))
        await Task.yield()
        let attemptsBeforeDeadline = await queue.attempts
        XCTAssertEqual(attemptsBeforeDeadline, 1)

        await clock.advance(by: .seconds(1))
        await Task.yield()
        let attemptsAfterDeadline = await queue.attempts
        XCTAssertEqual(attemptsAfterDeadline, 2)

        await upload.value
    }
}
