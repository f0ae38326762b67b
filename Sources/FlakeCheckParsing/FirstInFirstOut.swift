import FlakeCheckModel
import FlakeCheckSupport

/// A first-in, first-out list whose removals from the front are O(1) (amortised), so a child that starts
/// one name a hundred thousand times and then ends it as often costs linear time, not quadratic.
package struct FirstInFirstOut<Element> {
    private var elements: [Element] = []
    private var head = 0

    package var isEmpty: Bool { head == elements.count }
    package var first: Element? { isEmpty ? nil : elements[head] }

    /// Every element still queued, oldest first.
    package var queued: ArraySlice<Element> { elements[head...] }

    package mutating func append(_ element: Element) { elements.append(element) }

    /// Changes the oldest element in place.
    package mutating func updateFirst(_ change: (inout Element) -> Void) {
        guard !isEmpty else { return }
        change(&elements[head])
    }

    /// Changes every queued element in place.
    package mutating func updateAll(_ change: (inout Element) -> Void) {
        for index in head..<elements.count { change(&elements[index]) }
    }

    package mutating func popFirst() -> Element? {
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

    package mutating func popLast() -> Element? {
        guard !isEmpty else { return nil }
        return elements.removeLast()
    }

    package mutating func removeAll() {
        elements.removeAll(keepingCapacity: true)
        head = 0
    }

    package init(elements: [Element] = [], head: Int = 0) {
        self.elements = elements
        self.head = head
    }
}

extension FirstInFirstOut: Sendable where Element: Sendable {}
