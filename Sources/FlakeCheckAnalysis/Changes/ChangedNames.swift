import FlakeCheckModel

/// `--changed-since` without an index: calls followed by name. Each function name that reaches a changed
/// body within `depth` calls leads to it; a same-named function of another type counts too, so this can
/// choose a test too many, never one too few.
struct ChangedNames {
    /// Function name → the changed function it leads to (`Type.name`) and the names from it to that one.
    private var reached: [String: (function: String, path: [String])] = [:]

    init(functions: [SourceIndex.PlacedFunction], changes: ChangeSet, depth: Int) {
        for function in functions where changes.touches(function.file, function.lines) {
            reached[function.name] = reached[function.name] ?? (function.qualifiedName, [function.name])
        }
        guard depth > 1, !reached.isEmpty else { return }
        let calls = functions.map { ($0.name, Self.calledNames(in: $0.text)) }
        for _ in 1..<depth {
            var next = reached
            for (name, called) in calls where next[name] == nil {
                if let callee = called.first(where: { reached[$0] != nil }), let origin = reached[callee] {
                    next[name] = (origin.function, [name] + origin.path)
                }
            }
            if next.count == reached.count { break }
            reached = next
        }
    }

    /// Why the test `function` is chosen, or nil when none of its calls leads to a changed body.
    func change(reachedFrom function: SourceIndex.PlacedFunction) -> TestChange? {
        Self.calledNames(in: function.text).lazy.compactMap { callee in
            reached[callee].map { origin in
                TestChange.calls(function: origin.function, through: origin.path.count > 1 ? Array(origin.path.dropLast()) : nil)
            }
        }.first
    }

    private static let callPattern = SourcePattern(
        #"(?<![A-Za-z0-9_])([A-Za-z_][A-Za-z0-9_]*)\s*\(|\.([A-Za-z_][A-Za-z0-9_]*)"#)

    /// The names a function's body calls (`name(`) or reads as a member (`.name`, which may be a computed
    /// property), its own declaration left out.
    private static func calledNames(in text: Substring) -> [String] {
        guard let open = text.firstIndex(of: "{") else { return [] }
        let body = SourceIndex.strippingComments(text[open...])
        let keywords: Set<String> = [
            "if", "guard", "while", "for", "switch", "return", "await", "try", "func", "init", "catch",
        ]
        var seen: Set<String> = []
        return callPattern.matches(in: body).compactMap { ($0.groups[0] ?? $0.groups[1]).map(String.init) }
            .filter { !keywords.contains($0) && seen.insert($0).inserted }
    }
}
