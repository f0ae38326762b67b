import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckSupport
import Foundation

/// Labels each test with the synchronisation it relies on, by reading the code it actually reaches: the
/// test function, then the functions it calls, a few calls deep. With the compiler's index (`callGraph`)
/// each call is the function the compiler resolved it to (a same-named method of another class is
/// another function); without one, calls are resolved by name to their declarations anywhere in the
/// package (a fake actor's `wait()` in another file, a helper in an extension). A gate
/// reached beats a hazard reached: a test that fires a `Task {}` and then waits on the continuation the
/// fake resumes is continuation-gated. A hazard the test never reaches (a mock's other method that fires
/// a `Task {}`) does not count.
public struct HintDetector: Sendable {
    public var index: SourceIndex
    /// The package's calls as the compiler resolved them; nil where there is no index (a release build,
    /// an archive, `parse`), and then calls are followed by name.
    public var callGraph: CallGraph?
    /// Follows the test's calls into the code it reaches (by the index's edges, or by name).
    private let follower: CallFollower

    public init(index: SourceIndex, callGraph: CallGraph? = nil) {
        self.index = index
        self.callGraph = callGraph
        follower = CallFollower(index: index)
    }

    public func hint(for test: TestIdentity) -> SynchronisationHint? {
        reading(for: test)?.hint
    }

    /// What the reading found for one test: its label and, for a deterministic one, where its gate is.
    public struct Reading: Sendable {
        public var hint: SynchronisationHint
        public var gate: HintGate?
        /// Whether the calls were followed through the compiler's index (else by name).
        public var fromIndex: Bool
        /// Whether the code the test reaches refers to a module-level `var` or stored `static var`
        /// (`SharedVariables`): state that what runs beside it in its process can race. Read only where asked.
        public var sharesState = false
        /// The line that decided a yield, sleep or continuation hint, and the helpers from there to the wait.
        public var reason: HintReason?

        package init(
            hint: SynchronisationHint, gate: HintGate? = nil, fromIndex: Bool, sharesState: Bool = false,
            reason: HintReason? = nil
        ) {
            self.hint = hint
            self.gate = gate
            self.fromIndex = fromIndex
            self.sharesState = sharesState
            self.reason = reason
        }
    }

    /// `sharedState`: also whether the test's code refers to shared state (for `--hunt`'s opening; reading
    /// it for every test of a large suite's report would cost a scan of everything each test reaches).
    public func reading(for test: TestIdentity, sharedState: Bool = false) -> Reading? {
        guard let (located, enclosing) = locate(test) else { return nil }
        let usr = callGraph.flatMap { graph in
            index.path(ofText: located.base).flatMap { path in
                index.functionLine(of: located, in: path).flatMap { graph.function(definedIn: path, line: $0) }
            }
        }
        let (hint, read, reason) = classify(located, enclosing: enclosing, usr: usr)
        let firstLine = located.base[..<located.startIndex].utf8.lazy.filter { $0 == UInt8(ascii: "\n") }.count + 1
        return Reading(
            hint: hint, gate: gate(of: hint, in: located), fromIndex: usr != nil,
            sharesState: sharedState && read.contains(where: index.sharedVariables.isReferred),
            reason: reason.flatMap { reason in
                index.path(ofText: located.base).map {
                    HintReason(location: "\($0):\(firstLine + reason.lineOffset)", chain: reason.chain)
                }
            })
    }

    /// The test's hint, and the code that decided it: the test's, its test code's and the code under test
    /// it calls.
    private func classify(
        _ located: Substring, enclosing: Substring?,
        usr: String?
    ) -> (SynchronisationHint, [String], (lineOffset: Int, chain: [String]?)?) {
        // Comments often describe the fragile pattern the code avoids; only code counts.
        let function = SourceIndex.strippingComments(located)
        // What decides: the test and its test code (helpers, fakes, mocks) for gates and hazards alike; of
        // the code under test, only what test code calls and what that calls in turn, and only as a gate
        // (a server's `waitUntilListening()`): a timeout's sleep deep in the product is not how the test waits.
        let reachedCode =
            usr.flatMap { usr in callGraph.map { follower.reached(from: usr, in: $0, testCode: function) } }
            ?? follower.reached(from: function)
        // What the test's code hands on to run later (a fired task's body, a closure given to an initializer)
        // is read like a fake the code under test calls: its waits are not the test's.
        let helpers = reachedCode.filter { $0.isTestCode && !$0.throughProduct }.map {
            Self.splittingDeferredCode($0.code)
        }
        let reached = helpers.map(\.runsNow)
        // A helper whose continuation a timer resumes (from a task it fires, which `runsNow` leaves out)
        // waits a fixed time: read on its whole code.
        let timedHelpers = Set(
            reachedCode.filter { $0.isTestCode && !$0.throughProduct }.map(\.code).filter {
                !Self.timedGatePositions(in: $0).isEmpty
            }.compactMap(Self.declaredName))
        // The test's own code as it runs now, without what it hands on (only to tell which functions of the
        // code under test it calls itself: its checks inside a fired task still count as its checks).
        let own = Self.splittingDeferredCode(function)
        // A fake the code under test calls is part of the call the test makes: its waits are not the test's,
        // but a `Task {}` it fires is awaited by nobody (the example's fire-and-forget tracker).
        let fakesOfTheProduct =
            reachedCode.filter { $0.isTestCode && $0.throughProduct }.map(\.code)
            + helpers.flatMap(\.deferred)
        let productGates = reachedCode.filter { !$0.isTestCode && $0.productDepth <= 2 }.map(\.code)
        // What test code calls in the code under test directly: a `Task {}` fired there counts only when the
        // test's own function calls it without awaiting it (`firesTaskUnawaited`).
        let productCalls = reachedCode.filter { !$0.isTestCode && $0.productDepth == 1 }.map(\.code)
        // Further down, at any depth: a `Task {}` fired by a function those call (`persist()`), or by one
        // three calls below, is theirs too.
        let productFiring = reachedCode.filter { !$0.isTestCode && $0.productDepth >= 2 }.map(\.code)
        let productCode = reachedCode.filter { !$0.isTestCode }.map(\.code)

        let scoping = enclosing.map(classScoping) ?? ""
        let read = [function] + reached + fakesOfTheProduct + productGates
        // A class's `invokeTest` or a trait scopes every test, also those that never read the value it binds.
        // A call the test awaits for its value (`let fix = try await client.currentFix()`) is the whole call,
        // whatever it waits on inside; one awaited for nothing (`await server.waitUntilListening()`) waits for a
        // signal.
        let valueCalls = Set(
            productCalls.compactMap(Self.declaredName).filter { Self.awaitsOnlyForValue($0, in: function) })
        // A function of the code under test that test code calls only inside a task it fires is not waited for.
        let calledNow = [own.runsNow] + reached
        let gatesWaitedFor = productGates.filter { code in
            guard let name = Self.declaredName(code) else { return true }
            guard !valueCalls.contains(name) else { return false }
            return !productCalls.contains(code) || calledNow.contains { $0.contains(name + "(") }
        }
        // The code under test whose gates a call hands on, at any depth: as `gatesWaitedFor`, what the
        // test's code calls now and not for a value alone.
        let productWaited = productCode.filter { code in
            guard let name = Self.declaredName(code) else { return false }
            guard !valueCalls.contains(name) else { return false }
            return !productCalls.contains(code) || calledNow.contains { $0.contains(name + "(") }
        }
        let hint = Self.classify(
            reached: [function] + reached, productGates: gatesWaitedFor, productCalls: productCalls,
            productFiring: productFiring, streamElements: awaitedStreamElements(in: function),
            fakesOfTheProduct: fakesOfTheProduct, scoping: Self.bindsWhatIsRead(scoping, by: read) ? scoping : "",
            mentionedTypes: traitsAndTypesNamed(by: function).filter { Self.bindsWhatIsRead($0, by: read) },
            productCode: productWaited, taskNames: index.taskNames, timedHelpers: timedHelpers)
        var via: [String: String] = [:]
        let helperWaits = Self.waitsOfHelpers(
            reached, product: productWaited, taskNames: index.taskNames, timed: timedHelpers, via: &via)
        return (hint, read, Self.reason(for: hint, in: function, helperWaits: helperWaits, via: via))
    }

    /// Where in the test's own code (`code`, comments stripped) the wait that decided a yield, sleep or
    /// continuation hint is: the last such wait before the check that reads the work, its own or a
    /// helper's call, with the helpers from that call to the function that holds the wait.
    static func reason(
        for hint: SynchronisationHint, in code: String, helperWaits: [String: OwnWait], via: [String: String]
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
        case .gate: own = untimedGatePositions(in: code, taskNames: []) + yields.filter(polling.contains)
        case .hazard(.sleepGated):
            own = sleeps.flatMap { positions(of: $0, in: code) } + timedGatePositions(in: code)
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

    /// The first line of the test's own function that holds the gate its hint names, skipping comment
    /// lines; nil for a hint that is no gate, or a gate reached only through a call.
    package func gate(of hint: SynchronisationHint, in function: Substring) -> HintGate? {
        let needles: [String]
        switch hint {
        case .continuationGated: needles = Self.continuationGates
        case .clockGated: needles = [".advance("]
        case .taskLocalScoped: needles = Self.taskLocalScopes
        default: return nil
        }
        guard let path = index.path(ofText: function.base) else { return nil }
        let firstLine = function.base[..<function.startIndex].utf8.lazy.filter { $0 == UInt8(ascii: "\n") }.count + 1
        for (offset, line) in function.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.drop(while: \.isWhitespace).hasPrefix("//") else { continue }
            let location = "\(path):\(firstLine + offset)"
            if line.contains(anyOf: needles)
                || (hint == .continuationGated && Self.callsContinuationHelper(String(line)))
            {
                return HintGate(
                    location: location, functionLine: firstLine,
                    kind: hint == .continuationGated ? .continuation : nil)
            }
            if hint == .continuationGated, Self.waitsForSignal(String(line)) {
                return HintGate(location: location, functionLine: firstLine, kind: .signalWait)
            }
        }
        return nil
    }

    private func locate(_ test: TestIdentity) -> (Substring, Substring?)? {
        if let path = test.sourcePath, let line = test.sourceLine, let function = index.function(file: path, line: line)
        {
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
    package static func classify(
        reached: [String], productGates: [String] = [], productCalls: [String] = [], productFiring: [String] = [],
        streamElements: [String.Index] = [],
        fakesOfTheProduct: [String] = [], scoping: String,
        mentionedTypes: [String], productCode: [String] = [], taskNames: Set<String> = [],
        timedHelpers: Set<String> = []
    ) -> SynchronisationHint {
        // The test's own code counts up to the check that reads the work's result: a sleep after it waits
        // for nothing that check relies on.
        let ownBeforeCheck = reached.first.map(upToDecidingCheck) ?? ""
        let beforeChecks = [ownBeforeCheck] + reached.dropFirst()
        func reaches(_ needles: [String]) -> Bool { beforeChecks.contains { $0.contains(anyOf: needles) } }
        func gates(_ needles: [String]) -> Bool {
            reaches(needles) || productGates.contains { $0.contains(anyOf: needles) }
        }
        // The test's own gate says how it synchronises; a helper's gate (a clock that waits for its
        // sleepers on a continuation) is a means to it.
        if let own = reached.first, own.contains(".advance("), !own.contains(anyOf: continuationGates) {
            return .clockGated
        }
        // In the test's own code, the wait that decides is the last one before its first check that
        // follows a wait (`await task.value` after the checks only keeps the test alive; a yield before
        // the first check is what that check relies on, whatever the test awaits later).
        let own = reached.first ?? ""
        let helpers = reached.dropFirst()
        let helperGate = helpers.contains {
            holdsGate($0, taskNames: taskNames) && !timedHelpers.contains(declaredName($0) ?? "")
        }
        let productGate = productGates.contains { productHoldsGate($0, taskNames: taskNames) }
        let firing = firingNames(productCalls: productCalls, deeper: productFiring)
        let wait = decidingWait(
            in: own,
            helperWaits: Self.waitsOfHelpers(
                Array(helpers), product: productCode, taskNames: taskNames, timed: timedHelpers),
            firedAt: unawaitedFiringCalls(in: own, firing: firing),
            taskWaits: handedBackTaskWaits(in: own, productCalls: productCalls), streamElements: streamElements,
            taskNames: taskNames)
        switch wait {
        case .gate?:
            return .continuationGated
        case .hazard(let hazard)?:
            // A gate only inside the code under test (a client that bridges a callback) is not how the
            // test waits; one in a helper or fake cannot be put in order with the test's own wait.
            return helperGate ? .unknown : hazard
        case nil:
            if helperGate || productGate { return .continuationGated }
        }
        if gates([".advance("]) { return .clockGated }
        // Scoped by the test itself, by its XCTest class, or by a Swift Testing trait it names; a task-local
        // value the code under test binds for its own use (a server's per-request route) scopes nothing.
        let scopingTrait = mentionedTypes.contains {
            $0.contains(anyOf: ["TestScoping", "provideScope("]) && $0.contains(anyOf: [".withValue", "@TaskLocal"])
        }
        if reached.first?.contains(anyOf: Self.taskLocalScopes) == true || scoping.contains(anyOf: Self.taskLocalScopes)
            || scopingTrait
        {
            return .taskLocalScoped
        }
        if reaches(["Task.yield()"]) { return .yieldGated }
        if reaches(Self.sleeps) { return .sleepGated }
        if (reached + fakesOfTheProduct).contains(where: firesUnstructuredTask) { return .unstructuredTask }
        if firesTaskUnawaited(own: own, firing: firing) { return .unstructuredTask }
        return .none
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
        var closures = unstructuredStart.matches(in: code).compactMap { closure(in: code, openingOnTheLineOf: $0.range.lowerBound) }
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

    /// A task-local value scoped for the code inside: `$value.withValue`, and swift-dependencies'
    /// `withDependencies`, the common library API built on it.
    static let taskLocalScopes = [".withValue", "withDependencies {", "withDependencies("]

    package static let sleeps = ["Task.sleep", "usleep(", "sleep(for:", "Thread.sleep", "asyncAfter"]

    static let continuationGates = [
        "withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation",
        "withUnsafeThrowingContinuation", "confirmation(", "confirmation {",
    ]

    /// A wait in a test's own code: a gate (a continuation, a signal it waits for) or a hazard (a yield,
    /// a sleep).
    enum OwnWait: Equatable {
        case gate
        case hazard(SynchronisationHint)
    }

    static let assertions = ["#expect", "#require", "XCTAssert", "XCTFail", "XCTUnwrap", "expect("]

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
        taskWaits: [String.Index] = [], streamElements: [String.Index] = [], taskNames: Set<String> = []
    ) -> OwnWait? {
        var waits: [(position: String.Index, wait: OwnWait)] = []
        let gates = untimedGatePositions(in: code, taskNames: taskNames) + taskWaits + streamElements
        waits += gates.map { ($0, .gate) }
        // A continuation or expectation a timer resumes waits a fixed time, like a sleep.
        waits += timedGatePositions(in: code).map { ($0, .hazard(.sleepGated)) }
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
    /// the test awaits, which then waits on nothing of its own.
    static func productHoldsGate(_ code: String, taskNames: Set<String>) -> Bool {
        let timed = Set(timedGatePositions(in: code))
        let continuations =
            continuationGates.flatMap { positions(of: $0, in: code) }
            + continuationHelperPattern.matches(in: code).map(\.range.lowerBound)
        if continuations.contains(where: { !timed.contains($0) }) { return true }
        let startedHere = Set(startedTaskPattern.matches(in: code).compactMap { $0.groups[0].map(String.init) })
        return taskNames.subtracting(startedHere).contains { name in
            code.contains("await \(name).value") || code.contains("await \(name)?.value")
        }
    }

    /// Where `code` waits on a gate no timer resumes: a continuation, a continuation helper, a signal.
    static func untimedGatePositions(in code: String, taskNames: Set<String>) -> [String.Index] {
        let timed = Set(timedGatePositions(in: code))
        return (continuationGates.flatMap { positions(of: $0, in: code) }
            + continuationHelperPattern.matches(in: code).map(\.range.lowerBound)
            + signalWaitPositions(in: code, taskNames: taskNames)).filter { !timed.contains($0) }
    }

    /// Gates a timer resumes: a continuation whose own closure resumes it from `asyncAfter`, a `Timer`, or
    /// a task that sleeps first; an expectation fulfilled inside such a timer, where the test waits for it.
    /// What they wait for is time, not the work (a timer dressed as a gate).
    static func timedGatePositions(in code: String) -> [String.Index] {
        var timed: [String.Index] = []
        let gates =
            continuationGates.flatMap { positions(of: $0, in: code) }
            + continuationHelperPattern.matches(in: code).map(\.range.lowerBound)
        for position in Set(gates) {
            guard let body = closure(in: code, openingOnTheLineOf: position) else { continue }
            let closure = code[body]
            if closure.contains(".resume("), closure.contains(anyOf: timers) { timed.append(position) }
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

    /// `Task.yield()`s inside a `while` loop whose condition is state and no count (`while pending == nil`,
    /// `while !model.isLoaded`): the loop waits until that state holds, not for a fixed number of turns.
    static func pollingYieldPositions(in code: String) -> [String.Index] {
        var found: [String.Index] = []
        for loop in positions(of: "while ", in: code) {
            // `repeat { … } while condition`: its body is before the keyword.
            let before = code[..<loop]
            if before.reversed().first(where: { !$0.isWhitespace }) == "}" { continue }
            guard let body = SourceIndex.block(in: code, from: loop) else { continue }
            // A loop that also counts its turns (`while turns < maxTurns, state == .loading`) gives up after
            // a fixed number of yields: still yields, not a gate (a helper labelled it so).
            let condition = code[code.index(loop, offsetBy: 6)..<body.lowerBound]
            let clauses = condition.replacingOccurrences(of: "&&", with: ",").split(separator: ",")
            guard !clauses.contains(where: { countingCondition.isFound(in: String($0)) }) else { continue }
            var searchStart = body.lowerBound
            while let yield = code.range(of: "Task.yield()", range: searchStart..<body.upperBound) {
                found.append(yield.lowerBound)
                searchStart = yield.upperBound
            }
        }
        return found
    }

    /// `i < 3`, `attempts <= maxAttempts`, `count < 10`: a loop bounded by a count.
    private static let countingCondition = SourcePattern(
        #"^\s*[A-Za-z_][A-Za-z0-9_]*\s*(?:<|<=|>|>=)\s*(?:[0-9]+|[A-Za-z_][A-Za-z0-9_]*)\s*$"#)

    /// The wait each of the test's helpers makes, by the helper's name: a gate when it holds one, else a
    /// yield or a sleep; helpers that wait on nothing are left out.
    static func waitsOfHelpers(
        _ helpers: [String], product: [String] = [], taskNames: Set<String> = [], timed: Set<String> = []
    ) -> [String: OwnWait] {
        var via: [String: String] = [:]
        return waitsOfHelpers(helpers, product: product, taskNames: taskNames, timed: timed, via: &via)
    }

    /// `waitsOfHelpers`, and for each wait a function inherited from one it awaits, that callee (`via`):
    /// the chain a hint's reason names.
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
        let helperNames = Set(helpers.compactMap(declaredName))
        return waits.filter { helperNames.contains($0.key) }
    }

    /// `await name(`, `await object.name(` or `await Type().name(` (with `try` between): a call the test
    /// waits for.
    static let awaitedCallPattern = SourcePattern(
        #"\bawait\s+(?:try\s+)?(?:[A-Za-z_][A-Za-z0-9_]*(?:\([^()]*\))?\s*\.\s*)*([a-z_][A-Za-z0-9_]*)\s*\("#)

    package static func positions(of needle: String, in code: String) -> [String.Index] {
        var found: [String.Index] = []
        var searchStart = code.startIndex
        while let range = code.range(of: needle, range: searchStart..<code.endIndex) {
            found.append(range.lowerBound)
            searchStart = range.upperBound
        }
        return found
    }

    /// Test code that waits for the other side to signal without a continuation of its own: an
    /// expectation it waits for, the value of a task it started, the next element of an async sequence or
    /// task group, a whole `for await` loop, `async let`, a task group's scope. Structured or signalled,
    /// the assertion after it runs after the work (unless it is above it, which the report's
    /// contradiction check tells from the failures).
    static func waitsForSignal(_ code: String, taskNames: Set<String> = []) -> Bool {
        !signalWaitPositions(in: code, taskNames: taskNames).isEmpty
    }

    /// Where `code` waits for such a signal; an `await task.value` (or `.result`) counts only for a task this
    /// code started (not an actor's `value` property).
    static func signalWaitPositions(in code: String, taskNames: Set<String> = []) -> [String.Index] {
        // Tasks started here, and those the package declares as tasks (`pending: Task<…>`, a property
        // `flush = Task {…}`) wherever they were started.
        let started = Set(startedTaskPattern.matches(in: code).compactMap { $0.groups[0].map(String.init) })
            .union(taskNames.filter { code.contains($0 + ".value") || code.contains($0 + "?.value") })
        return signalWaits.flatMap { positions(of: $0, in: code) }
            + signalPattern.matches(in: code).map(\.range.lowerBound) + dispatchSignalWaitPositions(in: code)
            + started.sorted().flatMap { name in
                ["await \(name).value", "await \(name)?.value", "await \(name).result"].flatMap {
                    positions(of: $0, in: code)
                }
            }
    }

    static let signalWaits = [
        "fulfillment(of:", "wait(for:", "waitForExpectations(", "for await ", "for try await ",
        "async let ", "withTaskGroup(", "withThrowingTaskGroup(", "withDiscardingTaskGroup(",
        "withThrowingDiscardingTaskGroup(",
    ]
    private static let signalPattern = SourcePattern(#"\bawait\s+[A-Za-z_][A-Za-z0-9_]*\.next\(\)"#)
    private static let startedTaskPattern = SourcePattern(
        #"\blet\s+([A-Za-z_][A-Za-z0-9_]*)\s*=\s*Task(?:\.detached)?\s*(?:<[^>{\n]*>)?\s*[({]"#)

    /// A package's own continuation helper (`withIdentifiableThrowingContinuation`): `with…Continuation(`.
    static func callsContinuationHelper(_ code: String) -> Bool {
        continuationHelperPattern.isFound(in: code)
    }

    private static let continuationHelperPattern = SourcePattern(#"\bwith\w*Continuation\s*[({]"#)

    /// A `Task {}` started here runs whenever the scheduler gets to it; what the code does before it
    /// awaits the task (if it ever does) races against it. A gate reached elsewhere wins over this.
    static func firesUnstructuredTask(_ code: String) -> Bool {
        code.contains(anyOf: ["Task"]) && unstructuredStart.isFound(in: code)
    }

    /// `Task {`, `Task.detached {`, and either with arguments (`Task.detached(priority: .background) {`,
    /// `Task(name: "sync") {`); a type of the package named `Task` built with its own labels is not one.
    /// Where each fired task's text starts (`Task` of `Task {`, `Task.detached(priority: .low) {`).
    static func unstructuredStartPositions(in code: String) -> [String.Index] {
        unstructuredStart.matches(in: code).map(\.range.lowerBound)
    }

    private static let unstructuredStart = SourcePattern(
        #"\bTask(?:\s*\{|\.detached\s*[({]|\s*\(\s*(?:priority|name|executorPreference|operation)\s*:)"#)

    /// Code that holds a gate: a continuation, a continuation helper, or a signal it waits for.
    static func holdsGate(_ code: String, taskNames: Set<String> = []) -> Bool {
        !untimedGatePositions(in: code, taskNames: taskNames).isEmpty
    }
}
