import Foundation

public protocol PhotoUploading: Sendable {
    func upload(_ photo: Photo) async throws -> String
}

public actor UploadQueue {
    public private(set) var completed: [String] = []
    public private(set) var attempts = 0

    private let uploader: any PhotoUploading
    private let sleeper: any Sleeper
    private let maxAttempts: Int
    private let progress: UploadProgressCenter?
    private let onComplete: @Sendable (String) -> Void

    public init(
        uploader: any PhotoUploading,
        sleeper: any Sleeper = SystemSleeper(),
        maxAttempts: Int = 3,
        progress: UploadProgressCenter? = nil,
        onComplete: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.uploader = uploader
        self.sleeper = sleeper
        self.maxAttempts = maxAttempts
        self.progress = progress
        self.onComplete = onComplete
    }

    /// Uploads with exponential-ish backoff: 2s, 4s, ... between attempts.
    public func enqueue(_ photo: Photo) async {
        progress?.report(.started(photo.id))
        for attempt in 1...maxAttempts {
            attempts += 1
            do {
                let receipt = try await uploader.upload(photo)
                completed.append(receipt)
                progress?.report(.finished(photo.id))
                onComplete(receipt)
                return
            } catch {
                guard attempt < maxAttempts else { break }
                try? await sleeper.sleep(for: .seconds(attempt * 2))
            }
        }
        progress?.report(.failed(photo.id))
    }
}

public actor UploadStats {
    public private(set) var count = 0

    public init() {}

    public func increment() {
        count += 1
    }
}
