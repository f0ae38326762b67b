/// `--shard I/N` as the command line gives it.
extension Shard {
    /// `3/10`; nil unless 1 <= I <= N.
    init?(text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index)
        else { return nil }
        self.init(index: index, count: count)
    }
}

extension Shard {
    init(parsing text: String, usage: String) throws {
        guard let shard = Shard(text: text) else {
            throw FlakeCheckError.usage("\(Options.shard.spec.name) takes \(Options.shard.takes), not '\(text)'.\n\(usage)")
        }
        self = shard
    }
}
