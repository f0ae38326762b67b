/// A download screen's model: `start()` hands the download to a task nobody awaits.
@MainActor public final class DownloadModel {
    public private(set) var isBusy = false
    public private(set) var progress = 0
    public private(set) var queue: [String] = []
    public var onStarted: (@MainActor () -> Void)?
    let client: any DownloadClient

    public init(client: any DownloadClient) { self.client = client }

    public func start() {
        Task {
            isBusy = true
            onStarted?()
            await client.fetch()
            progress = 100
        }
    }

    public func load() async {
        await client.fetch()
        progress = 100
    }

    public func refresh() {
        Task { progress += 1 }
    }

    public func enqueue(_ name: String) { queue.append(name) }

    public func cancel() { queue.removeAll() }

    /// Not called by the tests that cancel: a continuation held for another feature.
    public func waitForQueueToDrain() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            continuation.resume()
        }
    }
}

public protocol DownloadClient: Sendable {
    func fetch() async
}

public enum Session {
    @TaskLocal public static var user = "anonymous"
}
