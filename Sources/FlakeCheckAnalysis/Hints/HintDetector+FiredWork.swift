import Foundation

/// A `Task {}` fired inside a call the test awaits, for `HintDetector`: the call returns before the task
/// ends (`await viewModel.refresh()`, whose view model fires `Task { syncedCount += await sync.push(…) }`),
/// so a check that reads what the task writes races it, though the test awaited the call. A check that
/// reads only what the call itself wrote (`let due = await model.refresh()`) does not.
extension HintDetector {
    /// Whether the test awaits a call of the code under test that fires a task (itself or further down),
    /// and the first check after that call, with what it reads on the way (`let synced = await
    /// model.syncedCount`), reads a name the fired task writes, there or in a function it calls. A call
    /// awaited on the way that waits for a gate itself, at any depth (`let (prompts, _) = try await
    /// client.listPrompts()`, which suspends until the answer comes), is a wait of its own that the reading
    /// does not put in order with the task: not this; one that only reads (`await queue.knowsAbout(id)`) is.
    static func readsWorkAnAwaitedCallFired(
        own: String, firing: Set<String>, product: [String], taskNames: Set<String>
    ) -> Bool {
        guard !firing.isEmpty else { return false }
        let checks = checkPositions(in: own)
        // Every function of a name: which of several the call reaches, the reading by name cannot tell.
        var byName: [String: [String]] = [:]
        for code in product { if let name = declaredName(code) { byName[name, default: []].append(code) } }
        for call in awaitedCallPattern.matches(in: own) {
            guard let name = call.groups[0].map(String.init), firing.contains(name),
                let check = checks.first(where: { $0 > call.range.upperBound })
            else { continue }
            let lineEnd = own[check...].firstIndex(of: "\n") ?? own.endIndex
            let span = own[call.range.upperBound..<lineEnd]
            let awaitedOnTheWay = awaitedCallPattern.matches(in: String(span)).compactMap { $0.groups[0].map(String.init) }
            if awaitedOnTheWay.contains(where: { waitsForAGate($0, byName: byName, taskNames: taskNames) }) { continue }
            let read = namesRead(in: span, byName: byName)
            if !read.isDisjoint(with: namesWrittenByTasksFired(from: name, byName: byName)) { return true }
        }
        return false
    }

    /// Whether a function of this name in the code under test, or one it calls at any depth, waits for a
    /// gate (a continuation no timer resumes, a task it did not start).
    static func waitsForAGate(_ name: String, byName: [String: [String]], taskNames: Set<String>) -> Bool {
        var visited: Set<String> = []
        var queue = [name]
        while let current = queue.popLast() {
            guard visited.insert(current).inserted, let codes = byName[current] else { continue }
            for code in codes {
                if productHoldsGate(code, taskNames: taskNames) { return true }
                queue += CallFollower.calls(in: splittingDeferredCode(code).runsNow[...]).map(\.name)
            }
        }
        return false
    }

    /// What the tasks `name` fires write, at any depth: assignments and mutating calls in each fired body
    /// and in every function of the code under test those bodies call.
    static func namesWrittenByTasksFired(from name: String, byName: [String: [String]]) -> Set<String> {
        var written: Set<String> = []
        var visited: Set<String> = []
        var insideTask: Set<String> = []
        var queue: [(name: String, insideTask: Bool)] = [(name, false)]
        while let (current, inside) = queue.popLast() {
            guard let codes = byName[current] else { continue }
            if inside {
                guard insideTask.insert(current).inserted else { continue }
                for code in codes {
                    let body = String(code[(code.firstIndex(of: "{") ?? code.startIndex)...])
                    written.formUnion(writtenNames(in: body))
                    queue += CallFollower.calls(in: body[...]).map { ($0.name, true) }
                }
            } else {
                guard visited.insert(current).inserted else { continue }
                for code in codes {
                    let split = splittingDeferredCode(code)
                    for body in split.deferred where !awaitedWhereFired(body, in: code) {
                        written.formUnion(writtenNames(in: body))
                        queue += CallFollower.calls(in: body[...]).map { ($0.name, true) }
                    }
                    queue += CallFollower.calls(in: split.runsNow[...]).map { ($0.name, false) }
                }
            }
        }
        return written.subtracting(commonMembers)
    }

    /// Members read in `span` (`.syncedCount`), and for a function of the code under test called there
    /// (`cache.cachedPrescriptions(for:)`), the names its body reads.
    static func namesRead(in span: Substring, byName: [String: [String]]) -> Set<String> {
        var read = Set(memberPattern.matches(in: String(span)).compactMap { $0.groups[0].map(String.init) })
        for name in read {
            for code in byName[name] ?? [] {
                guard let open = code.firstIndex(of: "{") else { continue }
                read.formUnion(
                    identifierPattern.matches(in: String(code[open...])).compactMap { $0.groups[0].map(String.init) })
            }
        }
        return read.subtracting(commonMembers)
    }

    /// `name = …`, `name += …`, `name[key] = …`, `self.name = …`, `name.append(…)`: not a `let`/`var`
    /// declaring a local, not a comparison.
    static func writtenNames(in code: String) -> Set<String> {
        var names: Set<String> = []
        for match in assignmentPattern.matches(in: code) {
            guard let name = match.groups[0] else { continue }
            let before = code[..<name.startIndex].suffix(8)
            if before.range(of: #"(?:let|var|case)\s+$"#, options: .regularExpression) != nil { continue }
            names.insert(String(name))
        }
        for match in mutationPattern.matches(in: code) { if let name = match.groups[0] { names.insert(String(name)) } }
        return names
    }

    /// Whether the task whose body is `body` is bound where it is fired and awaited by the same function
    /// (`let write = Task { … }` then `await write.value`): its work ends before the call returns.
    static func awaitedWhereFired(_ body: String, in code: String) -> Bool {
        guard let range = code.range(of: body) else { return false }
        let lineStart = code[..<range.lowerBound].lastIndex(of: "\n").map { code.index(after: $0) } ?? code.startIndex
        guard let bound = startedTaskPattern.matches(in: String(code[lineStart..<range.upperBound])).first?.groups[0]
        else { return false }
        return code.contains("await \(bound).value") || code.contains("await \(bound)?.value")
    }

    /// Members every collection or value has: a write and a read of `count` say nothing about each other.
    static let commonMembers: Set<String> = [
        "count", "isEmpty", "first", "last", "map", "value", "values", "keys", "description", "id", "self",
        "filter", "contains", "sorted", "compactMap", "flatMap", "reduce", "init",
    ]
    private static let assignmentPattern = SourcePattern(
        #"(?<![A-Za-z0-9_])([a-z_][A-Za-z0-9_]*)(?:\[[^\]\n]*\])?\s*(?:[-+*/]|\?\?)?=(?!=)"#)
    private static let mutationPattern = SourcePattern(
        #"(?<![A-Za-z0-9_])([a-z_][A-Za-z0-9_]*)\s*\.\s*(?:append|insert|remove[A-Za-z]*|merge|formUnion|update[A-Za-z]*|popLast|popFirst|sort)\s*\("#)
    /// A member of something (`model.syncedCount`, `entries?.first`), not a value (`status: .dirty`).
    private static let memberPattern = SourcePattern(#"(?<=[A-Za-z0-9_)\]?!])\.\s*([a-z_][A-Za-z0-9_]*)"#)
    private static let identifierPattern = SourcePattern(#"(?<![A-Za-z0-9_])([a-z_][A-Za-z0-9_]*)"#)
}
