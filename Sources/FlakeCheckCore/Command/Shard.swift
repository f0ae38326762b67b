/// `--shard I/N`: this machine's share of the runs. Run index r belongs to shard (r mod N) + 1, so the
/// shards are disjoint, together cover every run, and each keeps the global run indices that
/// `flakecheck merge` lines up again.
public struct Shard: Equatable, Codable, Sendable {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    public init(parsing text: String, usage: String) throws {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index)
        else {
            throw FlakeCheckError.usage("--shard takes I/N with 1 <= I <= N, e.g. 3/10, not '\(text)'.\n\(usage)")
        }
        self.init(index: index, count: count)
    }

    public func contains(runIndex: Int) -> Bool {
        runIndex % count == index - 1
    }
}
