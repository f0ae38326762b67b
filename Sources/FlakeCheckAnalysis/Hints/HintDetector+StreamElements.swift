import Foundation

/// An element of an async sequence awaited by a method other than `for await` or `next()`, for
/// `HintDetector`: `await engine.events.first { … }` waits for what the work yields, as `for await` does. An
/// actor's array read the same way (`await store.items.first { … }`) waits for nothing, so what decides is
/// the type the package declares the property with.
extension HintDetector {
    /// Where the test's code awaits the first element of a property the package declares as an
    /// `AsyncStream`, `AsyncThrowingStream` or other `Async…` sequence.
    func awaitedStreamElements(in code: String) -> [String.Index] {
        guard code.contains(".first") else { return [] }
        return Self.awaitedFirstPattern.matches(in: code).compactMap { match in
            guard let property = match.groups[0], declaresAsyncSequence(String(property)) else { return nil }
            return match.range.lowerBound
        }
    }

    /// Whether some file of the package declares `name` as a stored or computed property of an `Async…` type.
    private func declaresAsyncSequence(_ name: String) -> Bool {
        let declaration = SourcePattern(
            #"\b(?:var|let)\s+"# + NSRegularExpression.escapedPattern(for: name)
                + #"\s*:\s*(?:some\s+|any\s+)?Async[A-Za-z]*"#)
        return index.files.values.contains { $0.contains(name) && declaration.isFound(in: $0) }
    }

    /// `await engine.events.first {` or `.first(where:`, with `try` allowed: group 1 is the property.
    private static let awaitedFirstPattern = SourcePattern(
        #"\bawait\s+(?:try\s+)?(?:[A-Za-z_][A-Za-z0-9_]*\s*\.\s*)*([A-Za-z_][A-Za-z0-9_]*)\s*\.\s*first\s*(?:\{|\(\s*where\s*:)"#
    )
}
