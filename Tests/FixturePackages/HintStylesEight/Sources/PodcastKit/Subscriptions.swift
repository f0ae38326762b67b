import Foundation

public protocol SubscriptionPersisting: Sendable {
    func save(_ feedIDs: [String]) async throws
    func load() async throws -> [String]
}

@MainActor
public final class SubscriptionManager {
    public private(set) var subscriptions: [Feed] = []
    private let persistence: any SubscriptionPersisting

    public init(persistence: any SubscriptionPersisting) {
        self.persistence = persistence
    }

    public func isSubscribed(_ feed: Feed) -> Bool {
        subscriptions.contains { $0.id == feed.id }
    }

    public func subscribe(to feed: Feed) {
        guard !isSubscribed(feed) else { return }
        subscriptions.append(feed)
        persist()
    }

    public func unsubscribe(from feed: Feed) {
        subscriptions.removeAll { $0.id == feed.id }
        persist()
    }

    public func restore(from catalog: [Feed]) async throws {
        let ids = try await persistence.load()
        subscriptions = ids.compactMap { id in catalog.first { $0.id == id } }
    }

    private func persist() {
        let ids = subscriptions.map(\.id)
        let persistence = self.persistence
        Task.detached(priority: .utility) {
            try? await persistence.save(ids)
        }
    }
}

/// Lightweight badge on the Library tab.
@MainActor
public final class LibraryBadge {
    public private(set) var unplayedCount = 0
    private let countUnplayed: @MainActor () -> Int
    private var changeObservers: [CheckedContinuation<Int, Never>] = []

    public init(countUnplayed: @escaping @MainActor () -> Int) {
        self.countUnplayed = countUnplayed
    }

    /// Posted from the playback service whenever an episode finishes.
    public nonisolated func refresh() {
        Task { @MainActor in
            let newValue = self.countUnplayed()
            guard newValue != self.unplayedCount else { return }
            self.unplayedCount = newValue
            let observers = self.changeObservers
            self.changeObservers.removeAll()
            for observer in observers { observer.resume(returning: newValue) }
        }
    }

    public func nextChange() async -> Int {
        await withCheckedContinuation { continuation in
            changeObservers.append(continuation)
        }
    }
}
