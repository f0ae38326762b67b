
/// The synchronisation a test relies on, read from its source. The first three make a concurrency
/// test deterministic; the next three are the usual causes of flakiness; `unknown` is an honest "cannot
/// tell".
package enum SynchronisationHint: String, Codable, Sendable, CaseIterable {
    case continuationGated = "continuation-gated"
    case clockGated = "clock-gated"
    case taskLocalScoped = "task-local-scoped"
    case yieldGated = "yield-gated"
    case sleepGated = "sleep-gated"
    case unstructuredTask = "unstructured-task"
    /// The reading cannot tell: the test waits with its own `Task.yield()` or sleep and also reaches a
    /// continuation in its test code, and which of the two its assertion waits for is a question of order
    /// the text does not answer. Said instead of a guess.
    case unknown
    case none
}
