import Testing
@testable import PhotoSync

@Suite struct ProgressStreamChecks {
    @Test func emitsStartedFirst() async {
        let center = UploadProgressCenter()
        var iterator = center.events.makeAsyncIterator()

        center.report(.started("p1"))
        let first = await iterator.next()

        #expect(first == .started("p1"))
    }

    @Test func reportsStartAndFinishForEachUpload() async {
        let center = UploadProgressCenter()
        let queue = UploadQueue(uploader: StubUploader(), sleeper: ImmediateSleeper(), progress: center)

        await queue.enqueue(.beach)
        center.finish()

        var seen: [ProgressEvent] = []
        for await event in center.events {
            seen.append(event)
        }
        #expect(seen == [.started("p1"), .finished("p1")])
    }
}

@Suite struct UploadStatsChecks {
    @Test func detachedIncrementIsVisible() async {
        let stats = UploadStats()

        Task.detached(priority: .background) {
            await stats.increment()
        }

        #expect(await stats.count == 1)
    }

    @Test func detachedIncrementAwaited() async {
        let stats = UploadStats()

        let work = Task.detached {
            await stats.increment()
            await stats.increment()
        }
        await work.value

        #expect(await stats.count == 2)
    }
}
