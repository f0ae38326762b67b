
/// A first-in, first-out list whose removals from the front are O(1) (amortised), so a child that starts
/// one name a hundred thousand times and then ends it as often costs linear time, not quadratic.
/// `SavedLogAnalysis` (another module) queues every test's starts here, so the type is `public` and
/// `@inlinable`: Swift 6.3 does not inline an `@inlinable package` declaration into another module (no
/// package CMO without library evolution), and each call left unspecialised looked up the element type's
/// metadata (Benchmarks.md, "Layers as targets").
public struct FirstInFirstOut<Element> {
    @usableFromInline var elements: [Element] = []
    @usableFromInline var head = 0

    @inlinable public var isEmpty: Bool { head == elements.count }
    @inlinable public var first: Element? { isEmpty ? nil : elements[head] }

    /// Every element still queued, oldest first.
    @inlinable public var queued: ArraySlice<Element> { elements[head...] }

    @inlinable public mutating func append(_ element: Element) { elements.append(element) }

    /// Changes the oldest element in place.
    @inlinable public mutating func updateFirst(_ change: (inout Element) -> Void) {
        guard !isEmpty else { return }
        change(&elements[head])
    }

    /// Changes every queued element in place.
    @inlinable public mutating func updateAll(_ change: (inout Element) -> Void) {
        for index in head..<elements.count { change(&elements[index]) }
    }

    @inlinable public mutating func popFirst() -> Element? {
        guard let first else { return nil }
        head += 1
        if head == elements.count {
            elements.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 && head * 2 >= elements.count {
            elements.removeFirst(head)
            head = 0
        }
        return first
    }

    @inlinable public mutating func popLast() -> Element? {
        guard !isEmpty else { return nil }
        return elements.removeLast()
    }

    @inlinable public mutating func removeAll() {
        elements.removeAll(keepingCapacity: true)
        head = 0
    }

    @inlinable public init() {}
}

extension FirstInFirstOut: Sendable where Element: Sendable {}
