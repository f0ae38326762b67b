import Foundation

extension Sequence where Element: Sendable {
    /// Maps elements concurrently, keeping at most `maxConcurrent` child tasks in flight,
    /// and returns results in the original order.
    public func concurrentMap<Output: Sendable>(
        maxConcurrent: Int = 4,
        _ transform: @escaping @Sendable (Element) async -> Output
    ) async -> [Output] {
        let items = Array(self)
        guard !items.isEmpty else { return [] }
        return await withTaskGroup(of: (Int, Output).self) { group in
            var results = [Output?](repeating: nil, count: items.count)
            var nextIndex = 0
            let width = Swift.max(1, maxConcurrent)
            while nextIndex < Swift.min(width, items.count) {
                let index = nextIndex
                group.addTask { (index, await transform(items[index])) }
                nextIndex += 1
            }
            while let (index, output) = await group.next() {
                results[index] = output
                if nextIndex < items.count {
                    let index = nextIndex
                    group.addTask { (index, await transform(items[index])) }
                    nextIndex += 1
                }
            }
            return results.map { $0! }
        }
    }
}
