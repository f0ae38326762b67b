/// The tests a package contains, in discovery order, and the rules that turn the names test output
/// prints back into their canonical IDs.
public struct TestCatalog: Sendable {
    public private(set) var tests: [TestIdentity]
    private var indexByID: [String: Int]

    public init(_ tests: [TestIdentity]) {
        self.tests = tests
        self.indexByID = Dictionary(tests.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public subscript(id: String) -> TestIdentity? {
        indexByID[id].map { tests[$0] }
    }

    /// The canonical ID for a transcript entry, looking only at the candidates (the tests the process was
    /// asked to run, in discovery order). Returns nil when nothing fits; callers then keep the printed name.
    public func resolve(_ reference: TestReference, occurrence: Int, among candidates: CandidateIndex) -> String? {
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
    public struct CandidateIndex: Sendable {
        var byPrintedName: [TestFramework: [String: [String]]] = [:]
    }

    /// XCTest prints `Class.method` (read as `Class/method`), possibly with some of the module path in
    /// front, so every dot-separated suffix of the ID is a key; Swift Testing's console prints the
    /// function name or the quoted display name.
    public func index(of candidates: [String]) -> CandidateIndex {
        var index = CandidateIndex()
        for id in candidates {
            guard let test = self[id] else { continue }
            var keys: [String] = []
            switch test.framework {
            case .xctest:
                keys = [id]
                var rest = Substring(id)
                let end = id.firstIndex(of: "/") ?? id.endIndex
                while let dot = rest.firstIndex(of: "."), dot < end {
                    rest = rest[rest.index(after: dot)...]
                    keys.append(String(rest))
                }
            case .swiftTesting:
                // xcodebuild prints `Suite/function()`: the innermost suite and the name.
                let suite = test.suite.split(whereSeparator: { $0 == "." || $0 == "/" }).last.map { ["\($0)/\(test.name)"] } ?? []
                keys = [test.name] + suite + (test.displayName.map { ["\"\($0)\""] } ?? [])
            }
            for key in Set(keys) { index.byPrintedName[test.framework, default: [:]][key, default: []].append(id) }
        }
        return index
    }

    /// Adds what Swift Testing's event stream declares: display names and source locations.
    public mutating func enrich(with declarations: some Sequence<TestDeclaration>) {
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
    public static func printedID(of reference: TestReference, occurrence: Int) -> String {
        if reference.isQualified { return droppingSourceLocation(reference.name) }
        return occurrence > 1 ? "\(reference.name) #\(occurrence)" : reference.name
    }

    /// `Module.Suite/name()/File.swift:4:2` becomes `Module.Suite/name()`.
    public static func droppingSourceLocation(_ id: String) -> String {
        guard let slash = id.lastIndex(of: "/") else { return id }
        let last = id[id.index(after: slash)...]
        let parts = last.split(separator: ":")
        guard parts.count >= 3, parts[0].hasSuffix(".swift"),
              parts.dropFirst().allSatisfy({ $0.allSatisfy(\.isNumber) }) else { return id }
        return String(id[..<slash])
    }
}
