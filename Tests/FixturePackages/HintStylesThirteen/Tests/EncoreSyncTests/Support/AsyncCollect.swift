import Foundation

/// Collects elements from an async sequence until `isLast` returns true for one of them
/// (that element is included) or the sequence ends.
func collect<S: AsyncSequence>(
    _ sequence: S,
    through isLast: (S.Element) -> Bool
) async rethrows -> [S.Element] {
    var collected: [S.Element] = []
    for try await element in sequence {
        collected.append(element)
        if isLast(element) { break }
    }
    return collected
}
