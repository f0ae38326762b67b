/// What the code under test reports to, behind a protocol so tests can hand it a mock.
public protocol Analytics: Sendable {
    /// Fire-and-forget, as analytics calls are: callers do not wait for it.
    func track(_ event: String)
}

/// A screen that reports its appearance without waiting: the unstructured `Task` is the seeds'
/// "`Task {}` fired from a `nonisolated` method".
public struct ProfileScreen: Sendable {
    let analytics: any Analytics

    public init(analytics: any Analytics) { self.analytics = analytics }

    public func appear() {
        Task { analytics.track("profile.appear") }
    }
}
