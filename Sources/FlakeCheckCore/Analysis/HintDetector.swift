import Foundation

/// Labels each test with the synchronisation it relies on, by reading the code it actually reaches: the
/// test function, then the functions it calls, resolved by name to their declarations anywhere in the
/// package (a fake actor's `wait()` in another file, a helper in an extension), a few calls deep. A gate
/// reached beats a hazard reached: a test that fires a `Task {}` and then waits on the continuation the
/// fake resumes is continuation-gated. A hazard the test never reaches (a mock's other method that fires
/// a `Task {}`) does not count.
public struct HintDetector: Sendable {
    public var index: SourceIndex
    /// How many calls deep to follow: the test, its helpers, their helpers.
    static let maximumDepth = 3
    /// Past this many functions reached, a test's hint is decided on what was read so far.
    static let maximumFunctions = 60

    public init(index: SourceIndex) { self.index = index }

    public func hint(for test: TestIdentity) -> SynchronisationHint? {
        guard let (located, enclosing) = locate(test) else { return nil }
        // Comments often describe the fragile pattern the code avoids; only code counts.
        let function = SourceIndex.strippingComments(located)
        let reached = reachedFunctions(from: function)
        let scoping = enclosing.map { type in
            ["invokeTest", "setUp", "setUpWithError"].compactMap { name -> String? in
                guard let range = type.range(of: "func \(name)("),
                      let body = SourceIndex.block(in: type, from: range.upperBound) else { return nil }
                return SourceIndex.strippingComments(type[body])
            }.joined(separator: "\n")
        } ?? ""
        // Types named in the test's attributes and body: where a trait scopes a task-local value.
        let mentioned = Self.typeNames(in: Substring(function)).flatMap { index.declarations(of: $0) }
            .map { SourceIndex.strippingComments($0) }
        return Self.classify(reached: [function] + reached, scoping: scoping, mentionedTypes: mentioned)
    }

    /// The functions a test reaches through calls, breadth first, without the test itself. A call on a
    /// type (`Task.sleep(`, `Gate.make(`) resolves to that type's methods only, so a library call never
    /// lands on a package method of the same name. Another call resolves to the declarations in types
    /// the code reached so far names (the mock the test builds, not every mock with that method), or to
    /// every declaration of that name when none of their types is named (a property of an unnamed type).
    func reachedFunctions(from function: String) -> [String] {
        var reached: [String] = []
        var seen: Set<String> = []
        var named = Self.typeNames(in: Substring(function))
        var frontier = [function]
        for _ in 0..<Self.maximumDepth {
            var next: [String] = []
            for text in frontier {
                for call in Self.calls(in: Substring(text)) where seen.insert((call.type ?? "") + "." + call.name).inserted {
                    let candidates = index.functions(named: call.name)
                    let chosen: [SourceIndex.FunctionDeclaration]
                    if let type = call.type {
                        chosen = candidates.filter { $0.type == type }
                    } else {
                        let preferred = candidates.filter { $0.type.map(named.contains) ?? true }
                        chosen = preferred.isEmpty ? candidates : preferred
                    }
                    for declaration in chosen {
                        let code = SourceIndex.strippingComments(declaration.text)
                        guard code != function, reached.count < Self.maximumFunctions else { continue }
                        reached.append(code)
                        next.append(code)
                        named.formUnion(Self.typeNames(in: Substring(code)))
                    }
                }
            }
            frontier = next
        }
        return reached
    }

    private func locate(_ test: TestIdentity) -> (Substring, Substring?)? {
        if let path = test.sourcePath, let line = test.sourceLine, let function = index.function(file: path, line: line) {
            return (function, nil)
        }
        // XCTest: `Module.Class/method`; discovery gives no location, so find the class by name.
        let parts = TestIdentity.split(TestCatalog.droppingSourceLocation(test.id))
        let className = String(parts.suite.split(separator: ".").last ?? "")
        let method = parts.name.hasSuffix("()") ? String(parts.name.dropLast(2)) : parts.name
        if let found = index.method(method, inClass: className) { return (found.function, found.type) }
        // A Swift Testing function found by name, when the event stream gave no location.
        return index.functions(named: method).first.map { ($0.text, nil) }
    }

    /// `reached` is the test's code and the code of what it calls; `scoping` the text of an XCTest
    /// class's setUp/invokeTest, where per-test values are scoped.
    static func classify(reached: [String], scoping: String, mentionedTypes: [String]) -> SynchronisationHint {
        func reaches(_ needles: [String]) -> Bool { reached.contains { $0.contains(anyOf: needles) } }
        // The test's own gate says how it synchronises; a helper's gate (a clock that waits for its
        // sleepers on a continuation) is a means to it.
        if let own = reached.first, own.contains(".advance("), !own.contains(anyOf: continuationGates) { return .clockGated }
        if reaches(continuationGates) { return .continuationGated }
        if reaches([".advance("]) { return .clockGated }
        if reaches([".withValue"]) || scoping.contains(".withValue")
            || mentionedTypes.contains(where: { $0.contains("@TaskLocal") || $0.contains(".withValue") }) {
            return .taskLocalScoped
        }
        if reaches(["Task.yield()"]) { return .yieldGated }
        if reaches(["Task.sleep", "usleep(", "sleep(for:", "Thread.sleep", "asyncAfter"]) { return .sleepGated }
        if reached.contains(where: firesUnstructuredTask) { return .unstructuredTask }
        return .none
    }

    static let continuationGates = ["withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation",
                                    "withUnsafeThrowingContinuation", "confirmation(", "confirmation {"]

    /// A `Task {}` started here runs whenever the scheduler gets to it; what the code does before it
    /// awaits the task (if it ever does) races against it. A gate reached elsewhere wins over this.
    static func firesUnstructuredTask(_ code: String) -> Bool {
        code.contains(anyOf: ["Task {", "Task.detached {", "Task { @", "Task(priority:"])
    }

    /// Calls in `text`: `name(`, `object.name(`, `Type.name(`, `name {` (a trailing closure), minus
    /// keywords and the checks of the testing libraries. `type` is set for a call on a type.
    static func calls(in text: Substring) -> [(type: String?, name: String)] {
        var calls: [(type: String?, name: String)] = []
        // Simple word boundaries: Unicode's would read `tracker.track` as one word and miss the call.
        let pattern = #/(?:\b([A-Za-z_][A-Za-z0-9_]*)\s*\.\s*)?\b([a-z_][A-Za-z0-9_]*)\s*(?:\(|\{)/#.wordBoundaryKind(.simple)
        for match in text.matches(of: pattern) {
            let name = String(match.output.2)
            guard !notCalls.contains(name) else { continue }
            let receiver = match.output.1.map(String.init)
            calls.append((receiver.flatMap { $0.first?.isUppercase == true ? $0 : nil }, name))
        }
        return calls
    }

    private static let notCalls: Set<String> = [
        "if", "guard", "while", "for", "switch", "return", "func", "init", "catch", "do", "else", "repeat", "defer",
        "try", "await", "in", "where", "let", "var", "case", "get", "set", "willSet", "didSet", "some", "any",
        "expect", "require", "print", "precondition", "assert", "fatalError", "map", "filter", "compactMap",
        "flatMap", "forEach", "reduce", "contains", "first", "sorted", "append", "insert", "remove",
    ]

    /// Capitalised identifiers, which is how Swift code names types.
    static func typeNames(in text: Substring) -> Set<String> {
        Set(text.matches(of: #/\b([A-Z][A-Za-z0-9_]+)/#.wordBoundaryKind(.simple)).map { String($0.output.1) })
    }
}

extension StringProtocol {
    func contains(anyOf needles: [String]) -> Bool {
        needles.contains { contains($0) }
    }
}
