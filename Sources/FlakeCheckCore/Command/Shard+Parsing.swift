/// `--shard I/N` as the command line gives it; a usage error says what it takes.
extension Shard {
    public init(parsing text: String, usage: String) throws {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index)
        else {
            throw FlakeCheckError.usage("--shard takes I/N with 1 <= I <= N, e.g. 3/10, not '\(text)'.\n\(usage)")
        }
        self.init(index: index, count: count)
    }
}
