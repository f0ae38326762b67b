import Downloads

/// A fake whose fetch never finishes until told, and which says when it started.
final class FakeClient: DownloadClient, @unchecked Sendable {
    func fetch() async {}
}

/// Resumes its waiter when the model says it started.
@MainActor final class StartSignal {
    private var waiter: CheckedContinuation<Void, Never>?
    private var started = false

    func waitUntilStarted() async {
        if started { return }
        await withCheckedContinuation { waiter = $0 }
    }

    func fire() {
        started = true
        waiter?.resume()
        waiter = nil
    }
}

/// A clock the test moves by hand; its advance yields while the sleepers it woke catch up.
final class ManualClock: @unchecked Sendable {
    private(set) var now = 0

    func advance(by steps: Int) async {
        for _ in 0..<steps {
            now += 1
            await Task.yield()
        }
    }
}

struct SlowClient {
    func prepare() async throws {
        try await Task.sleep(for: .milliseconds(2))
    }
}

struct FastClient {
    func prepare() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in continuation.resume() }
    }
}
