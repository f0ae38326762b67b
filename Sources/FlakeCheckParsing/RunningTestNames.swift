import FlakeCheckModel

/// The Swift Testing tests a console parser saw start and not yet end, with how many times each (two
/// tests can print alike). Counted by the name's number (`TestNameTable`) where it has one, which costs
/// an array index where hashing the name cost a tenth of reading a log of thousands of tests; by the
/// name itself otherwise. A name's number never changes, so each name is always counted the same way.
package struct RunningTestNames: Sendable {
    private var byNumber: [Int32] = []
    private var byName: [TestReference: Int] = [:]
    /// How many names are running.
    package private(set) var count = 0

    package func contains(_ reference: TestReference) -> Bool {
        guard let number = reference.number else { return byName[reference] != nil }
        return number < byNumber.count && byNumber[number] > 0
    }

    package mutating func start(_ reference: TestReference) {
        guard let number = reference.number else {
            if byName[reference] == nil { count += 1 }
            byName[reference, default: 0] += 1
            return
        }
        if number >= byNumber.count {
            byNumber.append(contentsOf: repeatElement(0, count: number + 1 - byNumber.count))
        }
        if byNumber[number] == 0 { count += 1 }
        byNumber[number] += 1
    }

    package mutating func end(_ reference: TestReference) {
        guard let number = reference.number else {
            guard let index = byName.index(forKey: reference) else { return }
            if byName.values[index] > 1 {
                byName.values[index] -= 1
            } else {
                byName.remove(at: index)
                count -= 1
            }
            return
        }
        guard number < byNumber.count, byNumber[number] > 0 else { return }
        byNumber[number] -= 1
        if byNumber[number] == 0 { count -= 1 }
    }

    package init(byNumber: [Int32] = [], byName: [TestReference: Int] = [:], count: Int = 0) {
        self.byNumber = byNumber
        self.byName = byName
        self.count = count
    }
}
