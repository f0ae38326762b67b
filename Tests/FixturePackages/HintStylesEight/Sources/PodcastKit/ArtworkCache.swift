import Foundation

/// Older, callback-based cache shared with the widget extension.
public final class ArtworkCache: @unchecked Sendable {
    private let queue = DispatchQueue(label: "com.podcastkit.artwork-cache")
    private var storage: [URL: Data] = [:]
    private let loader: @Sendable (URL) -> Data?

    public init(loader: @escaping @Sendable (URL) -> Data?) {
        self.loader = loader
    }

    public var count: Int {
        queue.sync { storage.count }
    }

    public func artwork(for url: URL, completion: @escaping @Sendable (Data?) -> Void) {
        queue.async { [self] in
            if let cached = storage[url] {
                completion(cached)
                return
            }
            let data = loader(url)
            storage[url] = data
            completion(data)
        }
    }

    public func warm(_ urls: [URL]) {
        queue.async { [self] in
            for url in urls where storage[url] == nil {
                storage[url] = loader(url)
            }
        }
    }
}
