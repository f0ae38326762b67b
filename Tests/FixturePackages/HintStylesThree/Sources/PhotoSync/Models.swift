import Foundation

public struct Photo: Sendable, Equatable, Hashable, Identifiable {
    public let id: String
    public var title: String

    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }

    /// Trimmed, capitalised title for the grid cell.
    public var displayTitle: String {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let first = trimmed.first else { return "Untitled" }
        return first.uppercased() + trimmed.dropFirst()
    }
}

public struct Album: Sendable, Equatable {
    public let id: String
    public var photos: [Photo]

    public init(id: String, photos: [Photo]) {
        self.id = id
        self.photos = photos
    }
}

public enum UploadError: Error, Sendable, Equatable {
    case invalidPhoto
    case network
    case offline
}
