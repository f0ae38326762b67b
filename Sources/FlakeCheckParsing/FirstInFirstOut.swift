import FlakeCheckModel
import FlakeCheckSupport

/// A first-in, first-out list whose removals from the front are O(1) (amortised), so a child that starts
/// one name a hundred thousand times and then ends it as often costs linear time, not quadratic. Inlinable,
/// and without `removeAll(keepingCapacity:)` or `removeFirst(_:)`: `SavedLogAnalysis` (another module)
/// queues every test's starts here, and each of those calls, left unspecialised across the module boundary,
/// looked up the element type's metadata (Benchmarks.md, "Layers as targets").
package struct FirstInFirstOut<Element> {
    @usableFromInline var elements: [Element] = []
    @usableFromInline var head = 0

    @inlinable package var isEmpty: Bool { head == elements.count }
    @inlinable package var first: Element? { isEmpty ? nil : elements[head] }

    /// Every element still queued, oldest first.
    @inlinable package var queued: ArraySlice<Element> { elements[head...] }

    @inlinable package mutating func append(_ element: Element) { elements.append(element) }

    /// Changes the oldest element in place.
    @inlinable package mutating func updateFirst(_ change: (inout Element) -> Void) {
        guard !isEmpty else { return }
        change(&elements[head])
    }

    /// Changes every queued element in place.
    @inlinable package mutating func updateAll(_ change: (inout Element) -> Void) {
        for index in head..<elements.count { change(&elements[index]) }
    }

    @inlinable package mutating func popFirst() -> Element? {
        guard let first else { return nil }
        head += 1
        if head == elements.count {
            elements = []
            head = 0
        } else if head >= 1024 && head * 2 >= elements.count {
            elements = Array(elements[head...])
            head = 0
        }
        return first
    }

    @inlinable package mutating func popLast() -> Element? {
        guard !isEmpty else { return nil }
        return elements.removeLast()
    }

    @inlinable package mutating func removeAll() {
        elements = []
        head = 0
    }

    @inlinable package init(elements: [Element] = [], head: Int = 0) {
        self.elements = elements
        self.head = head
    }
}

extension FirstInFirstOut: Sendable where Element: Sendable {}
