import FlakeCheckModel

/// Turns a printed name's occurrence in a process into a test, among the tests the process may print: the
/// catalog's (or, without one, the printed name itself, numbered where it repeats). Each test it names
/// gets a dense number (`Test.index`), and each answer is worked out once: a saved log of thousands of
/// runs asks for the same names over and over, and a number-indexed cache costs an array index where
/// resolving again built a string and an identity per result. A value passed `inout`, not a class, so its
/// arrays are read without the run-time exclusivity checks a class's stored properties cost.
package struct PrintedNameResolver {
    /// A test a printed name resolved to.
    package struct Test: Sendable, Equatable {
        package var id: String
        /// Its place in `identities`, the same for every name that resolves to it.
        package var index: Int
        /// Whether the catalog knows it (else it is kept under its printed name).
        package var known: Bool
    }

    package let catalog: TestCatalog
    private let candidates: TestCatalog.CandidateIndex
    /// Every test named so far, by `Test.index`.
    package private(set) var identities: [TestIdentity] = []
    private var indexByID: [String: Int] = [:]
    /// Per name number (`TestReference.number`), the test of each occurrence.
    private var byNumber: [[Test]] = []
    private var byReference: [TestReference: [Test]] = [:]
    /// For one pass over a process (`beginPass`): the pass each test was last met in, and its place there.
    private var seenInPass: [Int] = []
    private var slotInPass: [Int] = []
    private var slotsInPass = 0
    private var pass = 0

    /// `candidates`: the IDs the process may print (a run's selection and what runs with it); nil for
    /// every test of the catalog (a saved log, which does not say what was selected).
    package init(catalog: TestCatalog, candidates: [String]? = nil) {
        self.catalog = catalog
        self.candidates = catalog.index(of: candidates ?? catalog.tests.map(\.id))
    }

    /// The test printed as `reference` for the `occurrence`-th time in a process.
    package mutating func test(of reference: TestReference, occurrence: Int) -> Test {
        if let number = reference.number {
            if number < byNumber.count, occurrence <= byNumber[number].count {
                return byNumber[number][occurrence - 1]
            }
            if number >= byNumber.count {
                byNumber.append(contentsOf: repeatElement([], count: number + 1 - byNumber.count))
            }
            while byNumber[number].count < occurrence {
                byNumber[number].append(resolve(reference, occurrence: byNumber[number].count + 1))
            }
            return byNumber[number][occurrence - 1]
        }
        if let tests = byReference[reference], occurrence <= tests.count { return tests[occurrence - 1] }
        var tests = byReference[reference] ?? []
        while tests.count < occurrence { tests.append(resolve(reference, occurrence: tests.count + 1)) }
        byReference[reference] = tests
        return tests[occurrence - 1]
    }

    /// The catalog's test `identity`, printed or not (a test a run never reached).
    package mutating func test(_ identity: TestIdentity) -> Test {
        if let index = indexByID[identity.id] { return Test(id: identity.id, index: index, known: true) }
        identities.append(identity)
        seenInPass.append(0)
        slotInPass.append(0)
        indexByID[identity.id] = identities.count - 1
        return Test(id: identity.id, index: identities.count - 1, known: true)
    }

    /// Starts a pass over one process's entries, for `slot(of:)`.
    package mutating func beginPass() {
        pass += 1
        slotsInPass = 0
    }

    /// `test`'s place among the tests met in this pass, from 0 in the order they were met, and whether
    /// this is the first time.
    package mutating func slot(of test: Test) -> (slot: Int, first: Bool) {
        if seenInPass[test.index] == pass { return (slotInPass[test.index], false) }
        seenInPass[test.index] = pass
        slotInPass[test.index] = slotsInPass
        slotsInPass += 1
        return (slotsInPass - 1, true)
    }

    private mutating func resolve(_ reference: TestReference, occurrence: Int) -> Test {
        let id = catalog.resolve(reference, occurrence: occurrence, among: candidates)
        let known = id != nil
        let resolved = id ?? TestCatalog.printedID(of: reference, occurrence: occurrence)
        if let index = indexByID[resolved] { return Test(id: resolved, index: index, known: known) }
        identities.append(catalog[resolved] ?? TestIdentity(canonicalID: resolved, framework: reference.framework))
        seenInPass.append(0)
        slotInPass.append(0)
        indexByID[resolved] = identities.count - 1
        return Test(id: resolved, index: identities.count - 1, known: known)
    }
}
