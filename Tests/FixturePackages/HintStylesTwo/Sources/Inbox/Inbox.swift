import Foundation

/// Where messages come from; the tests give the inbox fakes.
public protocol MessageServer: Sendable {
    func fetch() async -> [String]
}

/// How the inbox waits before a retry; the tests inject one they move by hand.
public protocol Sleeper: Sendable {
    func sleep(seconds: Int) async throws
}

/// Sleeps for real.
public struct RealSleeper: Sleeper {
    public init() {}
    public func sleep(seconds: Int) async throws {
        try await Task.sleep(for: .seconds(seconds))
    }
}

/// The scope a request runs in.
public enum RequestContext {
    @TaskLocal public static var id = "none"
}

/// A mail inbox that syncs from a server.
@MainActor public final class Inbox {
    public private(set) var messages: [String] = []
    public private(set) var isSyncing = false
    public private(set) var syncedRequestID = ""
    public let updates: AsyncStream<Int>
    private let updatesContinuation: AsyncStream<Int>.Continuation
    private var changeHandlers: [@MainActor (Int) -> Void] = []
    private var drainWaiter: CheckedContinuation<Void, Never>?
    let server: any MessageServer
    let sleeper: any Sleeper

    public init(server: any MessageServer, sleeper: any Sleeper = RealSleeper()) {
        self.server = server
        self.sleeper = sleeper
        (updates, updatesContinuation) = AsyncStream.makeStream()
    }

    public func sync() async {
        isSyncing = true
        syncedRequestID = RequestContext.id
        messages = await server.fetch()
        isSyncing = false
        updatesContinuation.yield(messages.count)
        for handler in changeHandlers { handler(messages.count) }
    }

    /// Fire and forget: nobody can await this sync.
    public func syncInBackground() {
        Task { await sync() }
    }

    public func scheduleRetry() async {
        try? await sleeper.sleep(seconds: 30)
        await sync()
    }

    public func onChange(_ handler: @escaping @MainActor (Int) -> Void) {
        changeHandlers.append(handler)
    }

    /// For the outbox feature; no test of the inbox waits on it.
    public func waitUntilDrained() async {
        await withCheckedContinuation { drainWaiter = $0 }
    }
}

/// Counts what happened, from any thread.
public actor Analytics {
    public private(set) var events: [String] = []
    public init() {}

    func record(_ event: String) { events.append(event) }

    /// Callable from synchronous code; the event is recorded later.
    public nonisolated func log(_ event: String) {
        Task { await self.record(event) }
    }
}

/// Calls back on a Dispatch queue.
public final class Notifier: Sendable {
    public init() {}
    public func notify(_ callback: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async { callback() }
    }
}
