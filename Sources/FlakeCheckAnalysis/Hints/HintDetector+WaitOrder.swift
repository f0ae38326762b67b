import FlakeCheckSupport
import Foundation

/// The order of a test's waits and checks, for `HintDetector`: which check reads the work's result, which
/// wait comes last before it (the test's own, or one a helper makes at any depth), what resumes each wait (a
/// timer makes a gate a sleep; a loop on the product's state makes yields a gate), and the line and helper
/// chain that decided the hint.
extension HintDetector {
    /// Where in the test's own code (`code`, comments stripped) the wait that decided a yield, sleep or
    /// continuation hint is: the last such wait before the check that reads the work, its own or a
    /// helper's call, with the helpers from that call to the function that holds the wait.
    static func reason(
        for hint: SynchronisationHint, in code: String, helperWaits: [String: OwnWait], via: [String: String],
        timerCalls: [String] = []
    ) -> (lineOffset: Int, chain: [String]?)? {
        let wanted: OwnWait
        switch hint {
        case .continuationGated: wanted = .gate
        case .sleepGated: wanted = .hazard(.sleepGated)
        case .yieldGated: wanted = .hazard(.yieldGated)
        default: return nil
        }
        let checkLine = decidingCheck(in: code) ?? checkPositions(in: code).last
        let limit = checkLine.map { code[$0...].firstIndex(of: "\n") ?? code.endIndex } ?? code.endIndex
        var found: [(position: String.Index, helper: String?)] = []
        for match in awaitedCallPattern.matches(in: code) {
            guard let name = match.groups[0], helperWaits[String(name)] == wanted else { continue }
            found.append((name.startIndex, String(name)))
        }
        let polling = Set(pollingYieldPositions(in: code))
        let yields = positions(of: "Task.yield()", in: code)
        let own: [String.Index]
        switch wanted {
        case .gate:
            own = untimedGatePositions(in: code, taskNames: [], timerCalls: timerCalls) + yields.filter(polling.contains)
        case .hazard(.sleepGated):
            own = sleeps.flatMap { positions(of: $0, in: code) } + timedGatePositions(in: code, timerCalls: timerCalls)
        default: own = yields.filter { !polling.contains($0) }
        }
        found += own.map { ($0, nil) }
        guard let decided = found.filter({ $0.position < limit }).max(by: { $0.position < $1.position })
            ?? found.min(by: { $0.position < $1.position })
        else { return nil }
        let offset = code[..<decided.position].utf8.lazy.filter { $0 == UInt8(ascii: "\n") }.count
        var chain: [String]? = nil
        if var name = decided.helper {
            chain = [name]
            while let next = via[name], !(chain?.contains(next) ?? true) {
                chain?.append(next)
                name = next
            }
        }
        return (offset, chain)
    }

    /// `code` up to the end of the line of the check that reads the work's result (`decidingCheck`); with
    /// none, up to its last check (all of it when it has none).
    static func upToDecidingCheck(_ code: String) -> String {
        let checks = checkPositions(in: code)
        guard let check = decidingCheck(in: code) ?? checks.last else { return code }
        let lineEnd = code[check...].firstIndex(of: "\n") ?? code.endIndex
        return String(code[..<lineEnd])
    }

    /// The check that reads the async work's result, when the text says which: the first check after the
    /// test first awaits or starts work (`start`, else its first `await`), skipping checks that run later
    /// (inside a fired `Task {}`, or a closure with parameters handed to a call, such as a server's
    /// handler). Only the waits before it decide: a `Task.sleep` after it waits for nothing it relies on
    /// (two helpers' packages labelled such tests by the wait before their first check). Nil when the text
    /// does not say: the test awaits nothing before its checks (a synchronous test's `wait(for:)` decides),
    /// or it starts new work after that check before it waits again (`signals = nil`, then a polling
    /// sleep): then the first check after a wait decides, as before 2026-11-28.
    static func decidingCheck(in code: String, after start: String.Index? = nil) -> String.Index? {
        let all = checkPositions(in: code)
        let deferred = deferredClosures(in: code)
        let checks = all.filter { check in !deferred.contains { $0.contains(check) } }
        guard let anchor = start ?? code.range(of: "await ")?.lowerBound,
            let first = (checks.isEmpty ? all : checks).first(where: { $0 > anchor })
        else { return nil }
        let lineEnd = code[first...].firstIndex(of: "\n") ?? code.endIndex
        let nextWait = ["await ", "wait(for:", "waitForExpectations("].compactMap {
            code.range(of: $0, range: lineEnd..<code.endIndex)?.lowerBound
        }.min()
        guard let nextWait else { return first }
        let between = code[lineEnd..<nextWait].split(separator: "\n")
        let startsWork = between.dropLast().contains { line in
            let text = line.trimmingCharacters(in: .whitespaces)
            return !(text.isEmpty || text.hasPrefix("//") || text.hasPrefix("let ") || text.hasPrefix("var ")
                || text == "}" || text == "{" || checkPositions(in: text).first != nil)
        }
        return startsWork ? nil : first
    }

    /// Closures in `code` that run later, not where they stand: a fired `Task {}`'s body, and a closure with
    /// parameters (`{ response in`) handed to a call that is not a gate or a scope of the test's own.
    static func deferredClosures(in code: String) -> [Range<String.Index>] {
        var closures = unstructuredStart.matches(in: code).compactMap {
            closure(in: code, openingOnTheLineOf: $0.range.lowerBound)
        }
        for match in parameterClosure.matches(in: code) {
            let lineStart = code[..<match.range.lowerBound].lastIndex(of: "\n").map { code.index(after: $0) }
                ?? code.startIndex
            let line = code[lineStart..<match.range.lowerBound]
            guard !line.contains(anyOf: continuationGates + taskLocalScopes + signalWaits + ["Continuation"]),
                let body = SourceIndex.block(in: code, from: match.range.lowerBound)
            else { continue }
            closures.append(body)
        }
        return closures
    }

    /// `{ response in`, `{ clientInfo, capabilities in`, `{ (value: Int) -> Bool in` at a line's end.
    private static let parameterClosure = SourcePattern(#"\{[^{}\n]*?\bin[ \t]*\n"#)

    /// Where `code` checks: the testing libraries' checks, and Nimble's `expect(`, but not a method of the
    /// code's own named `expect` (`pass.expect(tickets)`, which a helper's kitchen pass declares).
    static func checkPositions(in code: String) -> [String.Index] {
        assertions.flatMap { assertion in
            positions(of: assertion, in: code).filter { position in
                guard assertion == "expect(", position > code.startIndex else { return true }
                let before = code[code.index(before: position)]
                return !(before == "." || before == "_" || before.isLetter || before.isNumber)
            }
        }.sorted()
    }

    /// The wait the test's first check after a wait relies on: the last wait at or before that check's
    /// line (a gate inside the check, `#require(await iterator.next())`, counts as before it). A test
    /// without checks is decided by its last wait. Nil when no check follows any wait.
    static func decidingWait(
        in code: String, helperWaits: [String: OwnWait] = [:], firedAt: [String.Index] = [],
        taskWaits: [String.Index] = [], streamElements: [String.Index] = [], taskNames: Set<String> = [],
        timerCalls: [String] = []
    ) -> OwnWait? {
        var waits: [(position: String.Index, wait: OwnWait)] = []
        let gates =
            untimedGatePositions(in: code, taskNames: taskNames, timerCalls: timerCalls) + taskWaits + streamElements
        waits += gates.map { ($0, .gate) }
        // A continuation or expectation a timer resumes waits a fixed time, like a sleep.
        waits += timedGatePositions(in: code, timerCalls: timerCalls).map { ($0, .hazard(.sleepGated)) }
        // Yields in a loop until the product's state says the work is done wait for that state.
        let polling = Set(pollingYieldPositions(in: code))
        waits += positions(of: "Task.yield()", in: code).map { ($0, polling.contains($0) ? .gate : .hazard(.yieldGated)) }
        // An awaited call to a helper of the test's that waits (`await letPendingWorkSettle()`, which yields)
        // is that wait, at the call's place: it can then be put in order with the checks.
        if !helperWaits.isEmpty {
            for match in awaitedCallPattern.matches(in: code) {
                guard let name = match.groups[0], let wait = helperWaits[String(name)] else { continue }
                // A helper whose trailing closure holds the checks (`await app.test(.live) { client in … }`)
                // runs them inside its call: its wait does not come before them.
                if closure(in: code, openingOnTheLineOf: name.startIndex) != nil { continue }
                waits.append((name.startIndex, wait))
            }
        }
        for sleep in sleeps { waits += positions(of: sleep, in: code).map { ($0, .hazard(.sleepGated)) } }
        waits += dispatchDelayPositions(in: code).map { ($0, .hazard(.sleepGated)) }
        guard !waits.isEmpty else { return nil }
        waits.sort { $0.position < $1.position }
        // Work started inside a gate's own closure (`withCheckedContinuation { c in model.start { c.resume() } }`)
        // is what resumes the gate: the check after the gate does not race it.
        let gateClosures = gates.compactMap { closure(in: code, openingOnTheLineOf: $0) }
        let firstFiringCall = firedAt.filter { call in !gateClosures.contains { $0.contains(call) } }.min()
        // The check that reads the work's result: the first after the test first awaits or starts work.
        let firstTask = unstructuredStart.matches(in: code).first?.range.lowerBound
        let start = [code.range(of: "await ")?.lowerBound, firstFiringCall, firstTask].compactMap { $0 }.min()
        let checks = checkPositions(in: code)
        guard !checks.isEmpty else { return waits.last?.wait }
        // The check that reads the work's result, when the text says which; else the first check after a wait.
        let candidates = decidingCheck(in: code, after: start).map { [$0] } ?? checks
        // Line ends, so that a wait on a check's own line counts as before the check. A check right after
        // a fired `Task {}`, with no wait between, relies on no wait of the test's own: the task decides, or
        // a helper's gate. A function of the code under test that fires a task, called unawaited and
        // checked with no wait between (`engine.handleRemoteMute()` then `#expect(await engine.isMuted)`):
        // that check races the task.
        for check in candidates {
            let lineEnd = code[check...].firstIndex(of: "\n") ?? code.endIndex
            if let wait = waits.last(where: { $0.position < lineEnd }) {
                if let firstFiringCall, firstFiringCall < check, firstFiringCall > wait.position {
                    return .hazard(.unstructuredTask)
                }
                return wait.wait
            }
            if let firstFiringCall, firstFiringCall < check { return .hazard(.unstructuredTask) }
            if let firstTask, firstTask < check { return nil }
        }
        return nil
    }

    /// Whether code under test waits for work started elsewhere: a continuation no timer resumes, or the
    /// `value` of a task it did not start itself (a stored `flush` task, a `pending` task handed in). Its
    /// own structured work (`async let`, a task group, a task it starts and awaits) is part of the call
    /// the test awaits, which then waits on nothing of its own; nor does a task it fires, whose body awaiting
    /// the one before it (`pending = Task { await previous?.value; … }`) runs later.
    static func productHoldsGate(_ code: String, taskNames: Set<String>) -> Bool {
        let timed = Set(timedGatePositions(in: code))
        if continuationPositions(in: code).contains(where: { !timed.contains($0) }) { return true }
        let startedHere = Set(startedTaskPattern.matches(in: code).compactMap { $0.groups[0].map(String.init) })
        let runsNow = splittingDeferredCode(code).runsNow
        return taskNames.subtracting(startedHere).contains { name in
            runsNow.contains("await \(name).value") || runsNow.contains("await \(name)?.value")
        }
    }

    /// Where `code` suspends on a continuation: `withCheckedContinuation`-like calls, `confirmation`, and a
    /// package's own `with…Continuation` helper.
    static func continuationPositions(in code: String) -> [String.Index] {
        continuationGates.flatMap { positions(of: $0, in: code) }
            + continuationHelperPattern.matches(in: code).map(\.range.lowerBound)
    }

    /// Where `code` waits on a gate no timer resumes: a continuation, a continuation helper, a signal.
    /// `timerCalls`: calls (`fromDispatch(`) of functions that resume the continuation handed to them from a
    /// timer (`resumesFromATimer`).
    static func untimedGatePositions(
        in code: String, taskNames: Set<String>, timerCalls: [String] = []
    ) -> [String.Index] {
        let timed = Set(timedGatePositions(in: code, timerCalls: timerCalls))
        return (continuationPositions(in: code) + signalWaitPositions(in: code, taskNames: taskNames))
            .filter { !timed.contains($0) }
    }

    /// Gates a timer resumes: a continuation whose own closure resumes it from `asyncAfter`, a `Timer`, or
    /// a task that sleeps first; an expectation fulfilled inside such a timer, where the test waits for it.
    /// What they wait for is time, not the work (a timer dressed as a gate).
    /// A continuation whose closure hands it to a function that resumes it from a timer (`timerCalls`) is one
    /// too, however deep in the code under test that function is.
    static func timedGatePositions(in code: String, timerCalls: [String] = []) -> [String.Index] {
        var timed: [String.Index] = []
        for position in Set(continuationPositions(in: code)) {
            guard let body = closure(in: code, openingOnTheLineOf: position) else { continue }
            let closure = code[body]
            if closure.contains(".resume("), closure.contains(anyOf: timers) {
                timed.append(position)
            } else if !timerCalls.isEmpty, closure.contains(anyOf: timerCalls) {
                timed.append(position)
            }
        }
        // An expectation fulfilled by a timer: every wait for expectations in this code is that timer.
        let fulfilledByTimer = timers.flatMap { positions(of: $0, in: code) }.contains { position in
            closure(in: code, openingOnTheLineOf: position).map { code[$0].contains(".fulfill()") } ?? false
        }
        if fulfilledByTimer {
            timed += ["fulfillment(of:", "wait(for:", "waitForExpectations("].flatMap { positions(of: $0, in: code) }
        }
        return timed
    }

    /// The closure whose `{` is on the line of `position` (a call's trailing closure), with its braces;
    /// nil when that line opens none, so a later function's body is never taken for it.
    static func closure(in code: String, openingOnTheLineOf position: String.Index) -> Range<String.Index>? {
        guard let body = SourceIndex.block(in: code, from: position),
            !code[position..<body.lowerBound].contains("\n")
        else { return nil }
        return body
    }

    /// What resumes a wait after a fixed time.
    static let timers = ["asyncAfter", "Task.sleep", "Thread.sleep", "Timer.scheduledTimer", "Timer(", "usleep("]

    /// Whether a function resumes a continuation handed to it from a timer: its one `.resume(` comes after a
    /// timer (`asyncAfter { c.resume() }`, `Task.detached { try await Task.sleep(…); c.resume() }`). One that
    /// resumes from its work as well (a timeout's timer beside the real resume) does not: the work resumes it.
    static func resumesFromATimer(_ code: String) -> Bool {
        guard code.contains("Continuation") else { return false }
        let resumes = positions(of: ".resume(", in: code)
        guard resumes.count == 1, let resume = resumes.first else { return false }
        return timers.contains { timer in positions(of: timer, in: code).contains { $0 < resume } }
    }

    /// The wait each of the test's helpers makes, by the helper's name: a gate when it holds one, else a
    /// yield or a sleep, its own or that of a function it awaits (that callee goes in `via`: the chain a
    /// hint's reason names); helpers that wait on nothing are left out.
    static func waitsOfHelpers(
        _ helpers: [String], product: [String], taskNames: Set<String>, timed: Set<String>,
        via: inout [String: String]
    ) -> [String: OwnWait] {
        var waits: [String: OwnWait] = [:]
        for helper in helpers {
            guard let name = declaredName(helper), waits[name] == nil else { continue }
            if timed.contains(name) || !timedGatePositions(in: helper).isEmpty {
                waits[name] = .hazard(.sleepGated)
            } else if holdsGate(helper, taskNames: taskNames) {
                waits[name] = .gate
            } else if !pollingYieldPositions(in: helper).isEmpty {
                waits[name] = .gate
            } else if helper.contains("Task.yield()") {
                waits[name] = .hazard(.yieldGated)
            } else if helper.contains(anyOf: sleeps) {
                waits[name] = .hazard(.sleepGated)
            }
        }
        // The code under test counts only as a gate: its own sleeps (a timeout's) are not how a test waits.
        for code in product {
            guard let name = declaredName(code), waits[name] == nil, productHoldsGate(code, taskNames: taskNames)
            else { continue }
            waits[name] = .gate
        }
        // Except a function of it that does nothing but sleep (`waitUntilReady()`, a protocol's default
        // `settle()`): it holds no work, only time, and the test that awaits it waits that time.
        var sleepers: Set<String> = []
        for code in product {
            guard let name = declaredName(code), waits[name] == nil, onlySleeps(code) else { continue }
            waits[name] = .hazard(.sleepGated)
            sleepers.insert(name)
        }
        // A function that awaits one that waits waits the same way, at any depth (`settleEverything()` →
        // `quiesce()` → `drain()` → `await flush?.value`); the code under test hands on only its gates.
        let functions = helpers.map { (code: $0, isHelper: true) } + product.map { (code: $0, isHelper: false) }
        var changed = true
        while changed {
            changed = false
            for function in functions {
                guard let name = declaredName(function.code), waits[name] == nil else { continue }
                for match in awaitedCallPattern.matches(in: function.code) {
                    guard let callee = match.groups[0].map(String.init), callee != name, let wait = waits[callee],
                        function.isHelper || wait == .gate
                    else { continue }
                    waits[name] = wait
                    via[name] = callee
                    changed = true
                    break
                }
            }
        }
        // The test's own awaited call of the code under test is the whole call (`await group.run()`, whose
        // work waits inside it): what it waits on counts only through a helper of the test's.
        let helperNames = Set(helpers.compactMap(declaredName)).union(sleepers)
        return waits.filter { helperNames.contains($0.key) }
    }

    /// Whether a function's body is nothing but a sleep (`try? await Task.sleep(for: Self.allowance)`), so
    /// that calling it waits a fixed time and does nothing else.
    static func onlySleeps(_ function: String) -> Bool {
        guard let body = SourceIndex.block(in: function, from: function.startIndex) else { return false }
        let inner = function[function.index(after: body.lowerBound)..<function.index(before: body.upperBound)]
        let statements = inner.split(whereSeparator: { $0 == "\n" || $0 == ";" })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("//") }
        return !statements.isEmpty && statements.allSatisfy { $0.contains(anyOf: sleeps) && !$0.contains("{") }
    }
}
