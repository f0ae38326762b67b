import FlakeCheckModel
import Foundation

/// `--changed-since` through the compiler's index: the symbols defined inside each function body the diff
/// touches (the function, its accessors, the functions nested in it), and each test's calls followed symbol
/// by symbol, as the compiler resolved them, up to `depth` calls. A call through a protocol may run any of
/// its implementations, so each counts: a change to the real one chooses the tests that call the protocol.
struct ChangedSymbols {
    let graph: CallGraph
    let index: SourceIndex
    let depth: Int
    /// Changed symbol → the changed function's name as people read it (`Type.name`).
    private var changed: [String: String] = [:]
    /// The package's functions by file, to name a symbol from its place.
    private let functionsByFile: [String: [SourceIndex.PlacedFunction]]

    init(
        graph: CallGraph, functions: [SourceIndex.PlacedFunction], changes: ChangeSet, index: SourceIndex,
        depth: Int
    ) {
        self.graph = graph
        self.index = index
        self.depth = depth
        functionsByFile = Dictionary(grouping: functions, by: \.file)
        let touched = functions.filter { changes.touches($0.file, $0.lines) }
        guard !touched.isEmpty else { return }
        let touchedFiles = Set(touched.map(\.file))
        for (usr, place) in graph.definitions {
            guard let file = touchedFiles.first(where: { samePath($0, place.file) }),
                let function = touched.last(where: { $0.file == file && $0.lines.contains(place.line) })
            else { continue }
            changed[usr] = function.qualifiedName
        }
    }

    /// Why the test `function` is chosen: the nearest changed symbol its calls reach, with the functions
    /// between; nil when none is within `depth` calls.
    func change(reachedFrom function: SourceIndex.PlacedFunction) -> TestChange? {
        guard !changed.isEmpty, let line = index.functionLine(of: function.text, in: function.file),
            let test = graph.function(definedIn: function.file, line: line)
        else { return nil }
        var cameFrom: [String: String] = [test: test]
        var frontier = [test]
        for _ in 0..<depth {
            var next: [String] = []
            for caller in frontier {
                for callee in graph.calls(from: caller, named: nil) where cameFrom[callee] == nil {
                    cameFrom[callee] = caller
                    if let name = changed[callee] {
                        return .calls(function: name, through: through(to: caller, from: test, cameFrom))
                    }
                    next.append(callee)
                }
            }
            frontier = next
        }
        return nil
    }

    /// The functions from the test's first callee to `caller`, named; nil when the test called directly.
    private func through(to caller: String, from test: String, _ cameFrom: [String: String]) -> [String]? {
        var chain: [String] = []
        var current = caller
        while current != test, let previous = cameFrom[current] {
            chain.append(name(of: current))
            current = previous
        }
        return chain.isEmpty ? nil : chain.reversed()
    }

    /// A symbol's name as people read it, from the function whose body holds its definition.
    private func name(of usr: String) -> String {
        guard let place = graph.place(of: usr) else { return usr }
        let file = functionsByFile.keys.first { samePath($0, place.file) }
        let function = file.flatMap { functionsByFile[$0]?.last { $0.lines.contains(place.line) } }
        return function.map(\.qualifiedName) ?? "\((place.file as NSString).lastPathComponent):\(place.line)"
    }

    /// Whether the compiler's path `compiled` names the reader's `file`: they may differ in the package's
    /// own prefix (a symlinked checkout), never below it.
    func samePath(_ file: String, _ compiled: String) -> Bool {
        guard file != compiled else { return true }
        guard let root = index.root, file.hasPrefix(root + "/") else { return false }
        return compiled.hasSuffix(String(file.dropFirst(root.count)))
    }
}
