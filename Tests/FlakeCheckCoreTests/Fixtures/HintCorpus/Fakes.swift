// Test doubles the corpus's tests use: gates in other files, behind extensions and protocols.

actor FakeLoader {
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private(set) var requests = 0

    func load() -> [String] {
        requests += 1
        for waiter in waiters { waiter.resume() }
        waiters = []
        return ["a"]
    }

    // A continuation-gated wait: the test suspends until the loader is asked.
    func waitForRequest() async {
        if requests > 0 { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}

final class ManualClock: @unchecked Sendable {
    private(set) var now = 0

    func advance(by amount: Int) { now += amount }

    func sleep(for amount: Int) async {
        let target = now + amount
        while now < target { await Task.yield() }
    }
}

struct Gate {
    var stream: AsyncStream<Void>
    var continuation: AsyncStream<Void>.Continuation
}

extension Gate {
    static func make() -> Gate {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        return Gate(stream: stream, continuation: continuation)
    }

    func open() { continuation.yield() }

    func pass() async {
        await withCheckedContinuation { (resume: CheckedContinuation<Void, Never>) in
            Task { for await _ in stream { resume.resume(); break } }
        }
    }
}

actor FireAndForgetTracker {
    private(set) var tracked = 0

    // Fires an unstructured task: the count is not there when this returns.
    nonisolated func track() {
        Task { await self.record() }
    }

    func record() { tracked += 1 }

    func trackAndWait() async { record() }
}

actor CountingTracker {
    private(set) var tracked = 0

    func record() { tracked += 1 }

    // Never called by the tests below that use CountingTracker.
    nonisolated func trackLater() {
        Task { await self.record() }
    }
}

enum RequestContext {
    @TaskLocal static var userID = "anonymous"
}

struct UserScope {
    func provideScope(_ body: () async throws -> Void) async rethrows {
        try await RequestContext.$userID.withValue("tester", operation: body)
    }
}
