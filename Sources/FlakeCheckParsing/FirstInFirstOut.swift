/// A first-in, first-out list whose removals from the front are O(1) (amortised), so a child that starts
/// one name a hundred thousand times and then ends it as often costs linear time, not quadratic.
/// `RunTranscript` queues each name's starts here. The oldest element is kept apart from the rest: almost
/// every queue holds one start at a time, and a list of its own cost an allocation per test.
struct FirstInFirstOut<Element> {
    private var head: Element?
    private var rest: [Element] = []
    private var restStart = 0

    var isEmpty: Bool { head == nil }
    var first: Element? { head }

    /// Every element still queued, oldest first.
    var queued: [Element] { head.map { [$0] + rest[restStart...] } ?? [] }

    mutating func append(_ element: Element) {
        if head == nil { head = element } else { rest.append(element) }
    }

    mutating func popFirst() -> Element? {
        guard let first = head else { return nil }
        if restStart < rest.count {
            head = rest[restStart]
            restStart += 1
            if restStart == rest.count {
                rest.removeAll(keepingCapacity: true)
                restStart = 0
            } else if restStart >= 1024 && restStart * 2 >= rest.count {
                rest.removeFirst(restStart)
                restStart = 0
            }
        } else {
            head = nil
        }
        return first
    }

    mutating func popLast() -> Element? {
        guard restStart < rest.count else {
            defer { head = nil }
            return head
        }
        let last = rest.removeLast()
        if restStart == rest.count {
            rest.removeAll(keepingCapacity: true)
            restStart = 0
        }
        return last
    }
}

extension FirstInFirstOut: Sendable where Element: Sendable {}
