import Foundation

/// How a test's own code calls the code under test, for `HintDetector`: a `Task {}` fired by a function the
/// test calls without awaiting races its next check, and a call the test awaits for its value is the whole
/// call, whatever that call waits on inside.
extension HintDetector {
    /// Whether the test's own code, before its first check, calls a function of the code under test that
    /// fires a `Task {}` (a `nonisolated` method, a synchronous one) without awaiting the call: the check
    /// then races that task as surely as one the test fired itself. An awaited call (`await
    /// model.load()`, `await prefetcher.prefetch().value`) and a returned task the test awaits before the
    /// check are not this: the example's awaited prefetch and its trackers reached through awaited calls
    /// had read as unstructured when every such call counted.
    static func firesTaskUnawaited(own: String, firing names: Set<String>) -> Bool {
        guard let first = unawaitedFiringCalls(in: own, firing: names).first else { return false }
        // A check after the call, not only a precondition checked before it (`#expect(!model.isLoading)`,
        // `model.refresh()`, `#expect(model.isLoading)`). A wait of the test's between them decided first.
        let checks = checkPositions(in: own)
        return checks.isEmpty || checks.contains { $0 > first }
    }

    /// Where the test's body calls one of the `firing` functions without awaiting the call or a task it
    /// returns (the first such call on a line).
    static func unawaitedFiringCalls(in own: String, firing names: Set<String>) -> [String.Index] {
        guard !names.isEmpty else { return [] }
        // The body only: the declaration's own name reads as a call.
        let header = own.range(of: "func ").flatMap { own[$0.upperBound...].firstIndex(of: "{") }
        let body = own[(header.map { own.index(after: $0) } ?? own.startIndex)...]
        var found: [String.Index] = []
        for line in body.split(separator: "\n") {
            let text = String(line)
            for match in callOnLinePattern.matches(in: text) {
                guard let name = match.groups[1], names.contains(String(name)) else { continue }
                if text[..<name.startIndex].contains("await") { continue }
                // `let task = model.start()` and then `await task.value` waits for it.
                if let bound = match.groups[0], own.contains("await \(bound).value") { continue }
                found.append(
                    own.index(line.startIndex, offsetBy: text.distance(from: text.startIndex, to: name.startIndex)))
                break
            }
        }
        return found
    }

    /// The functions of the code under test the test calls that fire a `Task {}`, themselves or through a
    /// function of the code under test they call by name (`subscribe(to:)` calling a private `persist()`
    /// that fires `Task.detached`): `deeper` is the code under test further down, at any depth.
    static func firingNames(productCalls: [String], deeper: [String]) -> Set<String> {
        let all = productCalls + deeper
        var firing = Set(all.filter(firesUnstructuredTask).compactMap(declaredName))
        // At any depth: a function that calls one that fires fires too (`record` → `add` → `transmit`,
        // which fires `Task.detached`), until nothing changes.
        var changed = true
        while changed {
            changed = false
            for code in all {
                guard let name = declaredName(code), !firing.contains(name),
                    firing.contains(where: { $0 != name && code.contains($0 + "(") })
                else { continue }
                firing.insert(name)
                changed = true
            }
        }
        return Set(productCalls.compactMap(declaredName)).intersection(firing)
    }

    /// Where the test awaits the `value` of a task a function of the code under test hands back (declared
    /// `-> Task<Int, Never>`): bound first (`let refresh = refresher.refreshInBackground()`, later `await
    /// refresh.value`) or inline (`await scheduler.schedule(session) { … }.value`). Either waits for that
    /// work's end, as for a task the test started itself (three helpers' labels, and the definition they
    /// were given, say so; the example's `awaitedPrefetch` was labelled `none` until 2026-11-27).
    static func handedBackTaskWaits(in own: String, productCalls: [String]) -> [String.Index] {
        let returningTask = Set(
            productCalls.filter { code in
                let header = code.firstIndex(of: "{").map { code[..<$0] } ?? code[...]
                return header.contains("-> Task<") || header.contains("-> Task ")
            }.compactMap(declaredName))
        guard !returningTask.isEmpty else { return [] }
        var waits: [String.Index] = []
        var bound: Set<String> = []
        for line in own.split(separator: "\n") {
            let text = String(line)
            for match in callOnLinePattern.matches(in: text) {
                guard let name = match.groups[1], returningTask.contains(String(name)) else { continue }
                let before = text[..<name.startIndex]
                // `let first = await evictor.scheduleEviction()`: the `await` is the call's hop to an actor;
                // the task it hands back is what `first` holds.
                if let variable = match.groups[0], !before.contains(".value") { bound.insert(String(variable)) }
                // Inline: `await … name(…) ….value` on the line.
                if before.contains("await"), let value = text.range(of: ".value", options: .backwards),
                    value.lowerBound > name.startIndex
                {
                    waits.append(line.startIndex)
                }
            }
        }
        return waits + bound.flatMap { positions(of: "await \($0).value", in: own) }
    }

    /// Whether every awaited call of `name` in the test's code binds or drops its result (`let fix = try
    /// await client.currentFix()`, `_ = try await client.currentFix()`); false when the code never awaits it.
    static func awaitsOnlyForValue(_ name: String, in code: String) -> Bool {
        let calls = awaitedCallPattern.matches(in: code).filter { $0.groups[0].map(String.init) == name }
        guard !calls.isEmpty else { return false }
        return calls.allSatisfy { call in
            let lineStart =
                code[..<call.range.lowerBound].lastIndex(of: "\n").map { code.index(after: $0) } ?? code.startIndex
            return boundResultPattern.isFound(in: String(code[lineStart..<call.range.lowerBound]))
        }
    }

    /// `let fix = `, `var fix: Coordinate = ` or `_ = ` before an awaited call on its line.
    private static let boundResultPattern = SourcePattern(
        #"(?:\b(?:let|var)\s+[A-Za-z_][A-Za-z0-9_]*[^=]*|(?:^|\s)_\s*)=\s*(?:try\s*[?!]?\s*)?$"#)

    /// The name a function declaration declares: `func name(` or `func name<`.
    static func declaredName(_ declaration: String) -> String? {
        declarationNamePattern.matches(in: declaration).first?.groups[0].map(String.init)
    }

    private static let declarationNamePattern = SourcePattern(#"\bfunc\s+([A-Za-z_][A-Za-z0-9_]*)"#)
    /// A call on this line: `name(` or `receiver.name(`, with the variable its result is bound to, if any.
    private static let callOnLinePattern = SourcePattern(
        #"(?:\blet\s+([A-Za-z_][A-Za-z0-9_]*)\s*=\s*[^=]*?)?(?:\.|\b)([a-z_][A-Za-z0-9_]*)\s*\("#)
}
