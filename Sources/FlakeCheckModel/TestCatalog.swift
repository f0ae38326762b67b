/// The tests a package contains, in discovery order, and the rules that turn the names test output
/// prints back into their canonical IDs.
package struct TestCatalog: Sendable {
    package private(set) var tests: [TestIdentity]
    private var indexByID: [String: Int]

    /// Each repeated test's listed ID (`ID #2` → `ID`).
    private var repeatedBase: [String: String] = [:]
    /// XCTest selectors that run more than one test of the catalog.
    private var selectorsRunningMore: Set<String> = []

    package init(_ tests: [TestIdentity]) {
        self.tests = tests
        self.indexByID = Dictionary(tests.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let xctestIDs = Set(tests.lazy.filter { $0.framework == .xctest }.map(\.id))
        for id in xctestIDs {
            guard let marker = id.range(of: " #", options: .backwards),
                let number = Int(id[marker.upperBound...]), number > 1,
                xctestIDs.contains(String(id[..<marker.lowerBound]))
            else { continue }
            repeatedBase[id] = String(id[..<marker.lowerBound])
        }
        var testsPerSelector: [String: Int] = [:]
        for id in xctestIDs { testsPerSelector[xctestSelector(of: id), default: 0] += 1 }
        selectorsRunningMore = Set(testsPerSelector.filter { $0.value > 1 || !$0.key.contains("/") }.keys)
    }

    package subscript(id: String) -> TestIdentity? {
        indexByID[id].map { tests[$0] }
    }

    /// The canonical ID for a transcript entry, looking only at the candidates (the tests the process was
    /// asked to run, in discovery order). Returns nil when nothing fits; callers then keep the printed name.
    package func resolve(_ reference: TestReference, occurrence: Int, among candidates: CandidateIndex) -> String? {
        if reference.isQualified {
            if indexByID[reference.name] != nil { return reference.name }
            // Event stream IDs end in `/File.swift:line:column`; `swift test list` drops that part.
            let stripped = Self.droppingSourceLocation(reference.name)
            if indexByID[stripped] != nil { return stripped }
            return nil
        }
        let matches = candidates.byPrintedName[reference.framework]?[reference.name] ?? []
        return occurrence <= matches.count ? matches[occurrence - 1] : nil
    }

    /// The candidates of one process keyed by every name their output may print, built once per process so
    /// that resolving a name is a lookup, not a scan of the candidates (quadratic for big classes).
    package struct CandidateIndex: Sendable {
        package var byPrintedName: [TestFramework: [String: [String]]] = [:]

        package init(byPrintedName: [TestFramework: [String: [String]]] = [:]) {
            self.byPrintedName = byPrintedName
        }
    }

    /// Whether Swift Testing's console text alone names every one of `ids` apart: each is a Swift Testing
    /// test whose printed name (its quoted display name, or its function name) no other of them prints, and
    /// whose display name holds no quote or line break (a console line would end the name early). Only
    /// then may a process of them be read without its event stream (`TestInvocation.readingConsoleOnly`).
    package func consoleNamesApart(_ ids: [String]) -> Bool {
        let index = index(of: ids)
        return ids.allSatisfy { id in
            guard let test = self[id], test.framework == .swiftTesting else { return false }
            if let shown = test.displayName, shown.contains(where: { $0 == "\"" || $0.isNewline }) { return false }
            let printed = test.displayName.map { "\"\($0)\"" } ?? test.name
            return index.byPrintedName[.swiftTesting]?[printed]?.count == 1
        }
    }

    /// XCTest prints `Class.method` (read as `Class/method`), possibly with some of the module path in
    /// front, so every dot-separated suffix of the ID is a key; Swift Testing's console prints the
    /// function name or the quoted display name.
    package func index(of candidates: [String]) -> CandidateIndex {
        var index = CandidateIndex()
        for id in candidates {
            guard let test = self[id] else { continue }
            var keys: [String] = []
            switch test.framework {
            case .xctest:
                // A repeated test prints as the test it repeats: the listing's order tells them apart.
                let listed = runName(of: id)
                keys = [listed]
                var rest = Substring(listed)
                let end = listed.firstIndex(of: "/") ?? listed.endIndex
                while let dot = rest.firstIndex(of: "."), dot < end {
                    rest = rest[rest.index(after: dot)...]
                    keys.append(String(rest))
                }
            case .swiftTesting:
                // xcodebuild prints `Suite/function()`: the innermost suite and the name.
                let suite =
                    test.suite.split(whereSeparator: { $0 == "." || $0 == "/" }).last.map { ["\($0)/\(test.name)"] }
                    ?? []
                keys = [test.name] + suite + (test.displayName.map { ["\"\($0)\""] } ?? [])
            }
            for key in Set(keys) { index.byPrintedName[test.framework, default: [:]][key, default: []].append(id) }
        }
        return index
    }

    /// Adds what Swift Testing's event stream declares: display names and source locations.
    package mutating func enrich(with declarations: some Sequence<TestDeclaration>) {
        var suiteNames: [String: String] = [:]
        for declaration in declarations where declaration.isSuite {
            if let name = declaration.displayName { suiteNames[Self.droppingSourceLocation(declaration.id)] = name }
        }
        if !suiteNames.isEmpty {
            for index in tests.indices where tests[index].framework == .swiftTesting {
                tests[index].suiteDisplayName = suiteNames[TestIdentity.split(tests[index].id).suite]
            }
        }
        for declaration in declarations where !declaration.isSuite {
            let id = indexByID[declaration.id] != nil ? declaration.id : Self.droppingSourceLocation(declaration.id)
            guard let index = indexByID[id] else { continue }
            if tests[index].displayName == nil { tests[index].displayName = declaration.displayName }
            if tests[index].sourcePath == nil {
                tests[index].sourcePath = declaration.filePath
                tests[index].sourceLine = declaration.line
            }
        }
    }

    /// The ID of a test the catalog does not know: its printed name, numbered when it repeats in one run.
    package static func printedID(of reference: TestReference, occurrence: Int) -> String {
        if reference.isQualified { return droppingSourceLocation(reference.name) }
        return occurrence > 1 ? "\(reference.name) #\(occurrence)" : reference.name
    }

    /// A listing that names one test twice holds two tests (Quick names its examples by their text, and two
    /// can say the same): the second is `ID #2`, the third `ID #3`, in the order the listing gives.
    package static func numberingRepeats(_ ids: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return ids.map { id in
            let count = (seen[id] ?? 0) + 1
            seen[id] = count
            return count > 1 ? "\(id) #\(count)" : id
        }
    }

    /// The name XCTest runs and prints a test under: the ID it was listed under (`ID #2` is the second test
    /// listed as `ID`), with its method's dots back. XCTest's `--list-tests` prints a dot in a method name
    /// as `/` (Quick's `returns nil when asking for AsyncSpec.current` is listed as `…AsyncSpec/current`),
    /// and selects and prints the test by its real name.
    package func runName(of id: String) -> String {
        let listed = repeatedBase[id] ?? id
        // A test whose method name is empty (Quick) is listed as its class alone, and printed as `Class.`.
        guard let slash = listed.firstIndex(of: "/") else { return listed + "/" }
        let method = listed[listed.index(after: slash)...]
        guard method.contains("/") else { return listed }
        return String(listed[...slash]) + method.replacingOccurrences(of: "/", with: ".")
    }

    /// What selects an XCTest test on the binary's command line: its run name, or its class where the name
    /// holds a comma (XCTest splits its one selector argument at commas, so such a name cannot be named) or
    /// is empty.
    /// A selector can run more tests than the one it is for: `coSelected` says which.
    package func xctestSelector(of id: String) -> String {
        let listed = runName(of: id)
        guard let slash = listed.firstIndex(of: "/"), listed.contains(",") || listed.hasSuffix("/") else {
            return listed
        }
        return String(listed[..<slash])
    }

    /// The tests a process asked to run `ids` runs, in the listing's order: with them, every test that
    /// shares a selector (a repeated name, a class selected whole). Their results are read and then left out; without
    /// them
    /// the printed names would be matched to the wrong tests.
    package func coSelected(_ ids: [String]) -> [String] {
        let selectors = Set(ids.compactMap { self[$0]?.framework == .xctest ? xctestSelector(of: $0) : nil })
        guard selectors.contains(where: { selectorsRunningMore.contains($0) }) else { return ids }
        var result = ids
        var included = Set(ids)
        for test in tests where test.framework == .xctest {
            let selector = xctestSelector(of: test.id)
            // A class's name selects every test of the class.
            let runs = selectors.contains(selector) || selectors.contains(String(selector.prefix { $0 != "/" }))
            if runs, included.insert(test.id).inserted { result.append(test.id) }
        }
        // In the listing's order, which is the order tests printed alike run in.
        return result.sorted { (indexByID[$0] ?? Int.max) < (indexByID[$1] ?? Int.max) }
    }

    /// `Module.Suite/name()/File.swift:4:2` becomes `Module.Suite/name()`.
    package static func droppingSourceLocation(_ id: String) -> String {
        guard let slash = id.lastIndex(of: "/") else { return id }
        let last = id[id.index(after: slash)...]
        let parts = last.split(separator: ":")
        guard parts.count >= 3, parts[0].hasSuffix(".swift"),
            parts.dropFirst().allSatisfy({ $0.allSatisfy(\.isNumber) })
        else { return id }
        return String(id[..<slash])
    }
}
