/// `--shard I/N`: this machine's share of the runs. Run index r belongs to shard (r mod N) + 1, so the
/// shards are disjoint, together cover every run, and each keeps the global run indices that
/// `flakecheck merge` lines up again.
public struct Shard: Equatable, Codable, Sendable {
    public var index: Int
    public var count: Int

    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    package func contains(runIndex: Int) -> Bool {
        runIndex % count == index - 1
    }

    /// `--shard` as given: a shard, or `auto`, read from the CI's own parallelism.
    public enum Request: Sendable, Equatable {
        case fixed(Shard)
        case auto
    }
}
