import Testing
@testable import PhotoSync

@Suite("Upload queue")
struct UploadQueueChecks {
    @Test func retriesAfterBackoff() async {
        let clock = TestClock()
        let queue = UploadQueue(uploader: FlakyUploader(failures: 1), sleeper: clock)

        let upload = Task { await queue.enqueue(.beach) }
        await clock.advance(by: .seconds(2))

        #expect(await queue.attempts == 2)
        #expect(await queue.completed == ["receipt-p1"])
        await upload.value
    }

    @Test func givesUpAfterMaxAttempts() async {
        let uploader = FlakyUploader(failures: 5)
        let queue = UploadQueue(uploader: uploader, sleeper: ImmediateSleeper(), maxAttempts: 3)

        await queue.enqueue(.dog)

        #expect(await queue.attempts == 3)
        #expect(await queue.completed.isEmpty)
        #expect(await uploader.calls == 3)
    }

    @Test func slowNetworkStillCompletes() async {
        let queue = UploadQueue(uploader: SlowUploader(), sleeper: ImmediateSleeper())

        await queue.enqueue(.beach)

        #expect(await queue.completed == ["receipt-p1"])
    }

    @Test func notifiesOnComplete() async {
        await confirmation("completion callback fires") { uploaded in
            let queue = UploadQueue(
                uploader: StubUploader(),
                sleeper: ImmediateSleeper(),
                onComplete: { _ in uploaded() }
            )
            await queue.enqueue(.sunset)
        }
    }

    @Test func uploadsAllInParallel() async {
        let queue = UploadQueue(uploader: SlowUploader(), sleeper: ImmediateSleeper())
        let photos: [Photo] = [.beach, .dog, .sunset]

        await withTaskGroup(of: Void.self) { group in
            for photo in photos {
                group.addTask { await queue.enqueue(photo) }
            }
        }

        #expect(await Set(queue.completed) == ["receipt-p1", "receipt-p2", "receipt-p3"])
    }
}
