import Foundation

/// Follows a test's calls into the code it reaches, for `HintDetector`: by the compiler's resolved calls
/// where there is an index (`CallGraph`), else by name to the declarations anywhere in the package. Calls
/// are followed as deep as the code goes, each function once (so a cycle ends the walk): a `Task.detached`
/// fired three calls below the method a test calls, or a task's `value` awaited three calls below a
/// helper, decides the test (two helpers' packages had both, read `none` when the walk stopped two calls
/// into the code under test). What it hands back is code to read, with where it sits (test code, or how
/// far into the code under test).
struct CallFollower: Sendable {
    let index: SourceIndex
    /// Past this many functions reached, a test's hint is decided on what was read so far: a bound on the
    /// cost of one test in a package whose every function reaches every other, not on depth.
    static let maximumFunctions = 200

    /// Each function's code as the hints read it, by USR: tests of one suite reach the same helpers.
    private let readCode = CodeCache()

    init(index: SourceIndex) { self.index = index }

    private final class CodeCache: @unchecked Sendable {
        var entries: [String: (code: String, isTestCode: Bool)?] = [:]
    }

    /// The code of the function `usr` (comments stripped) and whether it is test code; nil where the
    /// package has no body for it.
    private func code(of usr: String, in graph: CallGraph) -> (code: String, isTestCode: Bool)? {
        if let known = readCode.entries[usr] { return known }
        let read = graph.place(of: usr).flatMap { place in
            index.declaration(file: place.file, line: place.line).map {
                (code: SourceIndex.strippingComments($0), isTestCode: index.isTestCode(path: place.file))
            }
        }
        readCode.entries[usr] = .some(read)
        return read
    }

    /// Code a test reaches: its text, whether it is test code, and how many calls away it is.
    struct Reached {
        var code: String
        var isTestCode: Bool
        /// 0 for test code; for code under test, how many calls into it from test code (1: called by a
        /// test, a helper or a fake directly).
        var productDepth: Int
        /// Test code reached only through the code under test (a fake the product calls): part of the call
        /// the test makes, not a wait of the test's own.
        var throughProduct = false
    }

    /// The functions a test reaches through calls, breadth first, without the test itself. A call on a
    /// type (`Task.sleep(`, `Gate.make(`) resolves to that type's methods only, so a library call never
    /// lands on a package method of the same name. Another call resolves to the declarations in types
    /// the code reached so far names (the mock the test builds, not every mock with that method), or to
    /// every declaration of that name when none of their types is named (a property of an unnamed type).
    func reached(from function: String) -> [Reached] {
        var reached: [Reached] = []
        var seen: Set<String> = []
        var named = Self.typeNames(in: Substring(function))
        var frontier = [(code: function, productDepth: 0, throughProduct: false)]
        while !frontier.isEmpty {
            var next: [(code: String, productDepth: Int, throughProduct: Bool)] = []
            for (text, callerDepth, callerThrough) in frontier {
                for call in Self.calls(in: Substring(text))
                where seen.insert((call.type ?? "") + "." + call.name).inserted {
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
                        // The test's own declaration (its name reads as a call after `func`) is not a helper.
                        guard !function.contains(code), reached.count < Self.maximumFunctions else { continue }
                        let depth = declaration.isTestCode ? 0 : callerDepth + 1
                        let through = callerThrough || callerDepth > 0
                        reached.append(
                            Reached(
                                code: code, isTestCode: declaration.isTestCode, productDepth: depth,
                                throughProduct: through))
                        next.append((code, depth, through))
                        named.formUnion(Self.typeNames(in: Substring(code)))
                    }
                }
            }
            frontier = next
        }
        return reached
    }

    /// The functions a test reaches through the compiler's resolved calls, breadth first, without the test
    /// itself: the same walk and limit as by name.
    func reached(from usr: String, in graph: CallGraph, testCode: String) -> [Reached] {
        var reached: [Reached] = []
        var seen: Set<String> = [usr]
        // The types the reached code names: which fake a protocol call lands on.
        var named = Self.typeNames(in: Substring(testCode))
        var frontier = [(usr: usr, productDepth: 0, throughProduct: false)]
        while !frontier.isEmpty {
            var next: [(usr: String, productDepth: Int, throughProduct: Bool)] = []
            for (caller, callerDepth, callerThrough) in frontier {
                for callee in graph.calls(from: caller, named: named)
                where seen.insert(callee).inserted && reached.count < Self.maximumFunctions {
                    guard let (text, isTestCode) = code(of: callee, in: graph) else { continue }
                    let depth = isTestCode ? 0 : callerDepth + 1
                    let through = callerThrough || callerDepth > 0
                    reached.append(
                        Reached(code: text, isTestCode: isTestCode, productDepth: depth, throughProduct: through))
                    if isTestCode { named.formUnion(Self.typeNames(in: Substring(text))) }
                    next.append((callee, depth, through))
                }
            }
            frontier = next
        }
        return reached
    }

    /// Calls in `text`: `name(`, `object.name(`, `Type.name(`, `name {` (a trailing closure), minus
    /// keywords, the checks of the testing libraries and implicit members (`.make(`). `type` is set for a
    /// call on a type.
    static func calls(in text: Substring) -> [(type: String?, name: String)] {
        var calls: [(type: String?, name: String)] = []
        // Simple word boundaries: Unicode's would read `tracker.track` as one word and miss the call.
        let source = String(text)
        for match in callPattern.matches(in: source) {
            let name = String(match.groups[2]!)
            // `.make(…)` with no receiver is a static factory or an enum case of a type inferred from
            // context: it names no call worth following, and its many namesakes would crowd out those that are.
            guard !notCalls.contains(name), match.groups[1] == nil else { continue }
            // A declaration (`func testBusy()`) is no call: read as one, a test would reach every test
            // method of its name in other classes.
            guard !source[..<match.range.lowerBound].hasSuffix("func ") else { continue }
            let receiver = match.groups[0].map(String.init)
            calls.append((receiver.flatMap { $0.first?.isUppercase == true ? $0 : nil }, name))
        }
        return calls
    }

    private static let callPattern = SourcePattern(
        #"(?:\b([A-Za-z_][A-Za-z0-9_]*)\s*\.\s*|([\s(\[,:=])\.)?\b([a-z_][A-Za-z0-9_]*)\s*(?:\(|\{)"#)

    private static let notCalls: Set<String> = [
        "if", "guard", "while", "for", "switch", "return", "func", "init", "catch", "do", "else", "repeat", "defer",
        "try", "await", "in", "where", "let", "var", "case", "get", "set", "willSet", "didSet", "some", "any",
        "expect", "require", "print", "precondition", "assert", "fatalError", "map", "filter", "compactMap",
        "flatMap", "forEach", "reduce", "contains", "first", "sorted", "append", "insert", "remove",
    ]

    private static let typeNamePattern = SourcePattern(#"\b([A-Z][A-Za-z0-9_]+)"#)

    /// Capitalised identifiers, which is how Swift code names types.
    static func typeNames(in text: Substring) -> Set<String> {
        Set(typeNamePattern.matches(in: String(text)).compactMap { $0.groups[0].map(String.init) })
    }
}
