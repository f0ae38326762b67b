// Strategy family 1: testing the intermediate "loading" state of a view model.
// Source article: continuation-and-clock-gated-tests.txt

public struct Post: Identifiable, Equatable, Sendable {
    public var id: Int
    public var title: String

    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

/// A closure-based repository: tests build one from whatever async closure they need.
public struct PostRepository: Sendable {
    public var fetchPosts: @Sendable () async throws -> [Post]

    public init(fetchPosts: @escaping @Sendable () async throws -> [Post]) {
        self.fetchPosts = fetchPosts
    }
}

/// The system under test. `load()` goes through three observable states:
///   A. `isLoading == true` while the repository is working,
///   B. `posts` filled in,
///   C. `isLoading == false` again.
/// Testing B and C is easy (await `load()`); testing A is the interesting part.
@MainActor
public final class PostListViewModel {
    public private(set) var isLoading = false
    public private(set) var posts: [Post] = []
    public private(set) var errorMessage: String?

    private let repository: PostRepository

    public init(repository: PostRepository) {
        self.repository = repository
    }

    public func load() async {
        isLoading = true                                   // A
        defer { isLoading = false }                        // C
        do {
            posts = try await repository.fetchPosts()      // B
            errorMessage = nil
        } catch {
            errorMessage = "\(error)"
        }
    }
}
