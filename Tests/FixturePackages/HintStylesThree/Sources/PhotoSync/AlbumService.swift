import Foundation

public protocol AlbumFetching: Sendable {
    func album(id: String) async throws -> Album
}

public actor AlbumService {
    private let fetcher: any AlbumFetching
    private var cache: [String: Album] = [:]

    public init(fetcher: any AlbumFetching) {
        self.fetcher = fetcher
    }

    public func album(_ id: String) async throws -> Album {
        if let cached = cache[id] { return cached }
        let album = try await fetcher.album(id: id)
        cache[id] = album
        return album
    }

    public func cachedCount() -> Int {
        cache.count
    }
}
