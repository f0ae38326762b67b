import Foundation

public protocol FriendNotifying: Sendable {
    func notify(_ message: String)
}

public struct ShareService: Sendable {
    private let notifier: any FriendNotifying

    public init(notifier: any FriendNotifying) {
        self.notifier = notifier
    }

    public func share(_ photo: Photo, with friends: [String]) {
        for friend in friends {
            notifier.notify("\(friend): \(photo.displayTitle)")
        }
    }
}
