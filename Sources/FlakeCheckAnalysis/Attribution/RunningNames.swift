
/// The names one library's run has started tests of, for `SavedLogAnalysis` to settle when the run ends.
///
/// A name is listed when a test of it starts and counted while one runs; a name whose tests ended stays
/// listed until the run is settled. A start and an end then cost an append and a counter, where a set's
/// insert and removal cost two hashes per result in a log of thousands of tests.
struct RunningNames {
    private(set) var listed: [Int] = []
    private var isListed: [Bool] = []
    /// How many listed names have a test running.
    private(set) var activeCount = 0

    var isEmpty: Bool { activeCount == 0 }

    /// A test of `name` started; `wasIdle` when none of its tests was running before.
    mutating func started(_ name: Int, wasIdle: Bool) {
        if name >= isListed.count {
            isListed.append(contentsOf: repeatElement(false, count: name + 1 - isListed.count))
        }
        if !isListed[name] {
            isListed[name] = true
            listed.append(name)
        }
        if wasIdle { activeCount += 1 }
    }

    /// The last running test of `name` ended.
    mutating func ended(_ name: Int) {
        activeCount -= 1
    }

    /// Every listed name, in the order the names were first read, and an empty list after.
    mutating func removeAll() -> [Int] {
        // XCTest settles at every start, with at most the test before listed: nothing to sort or return.
        let names = activeCount > 0 ? listed.sorted() : []
        for name in listed { isListed[name] = false }
        listed.removeAll(keepingCapacity: true)
        activeCount = 0
        return names
    }
}
