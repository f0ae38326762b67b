import FlakeCheckModel
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
package struct HintDetector: Sendable {
    package var index: SourceIndex
    /// The package's calls as the compiler resolved them; nil where there is no index (a release build,
    /// an archive, `parse`), and then calls are followed by name.
    package var callGraph: CallGraph?
    /// Follows the test's calls into the code it reaches (by the index's edges, or by name).
    private let follower: CallFollower

    package init(index: SourceIndex, callGraph: CallGraph? = nil) {
        self.index = index
        self.callGraph = callGraph
        follower = CallFollower(index: index)
    }

    package func hint(for test: TestIdentity) -> SynchronisationHint? {
        reading(for: test)?.hint
    }

    /// What the reading found for one test: its label and, for a deterministic one, where its gate is.
    package struct Reading: Sendable {
        package var hint: SynchronisationHint
        package var gate: HintGate?
        /// Whether the calls were followed through the compiler's index (else by name).
        package var fromIndex: Bool
        /// Whether the code the test reaches refers to a module-level `var` or stored `static var`
        /// (`SharedVariables`): state that what runs beside it in its process can race. Read only where asked.
        package var sharesState = false
        /// The line that decided a yield, sleep or continuation hint, and the helpers from there to the wait.
        package var reason: HintReason?
        /// A yield-gated test whose yields poll one object's state before it checks another's (`while await
        /// service.fetchCount == 0`, then `#expect(viewModel.items …)`): `--hunt` opens it with runs alone.
        package var pollsAProxy = false

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
    package func reading(for test: TestIdentity, sharedState: Bool = false) -> Reading? {
        guard let (located, enclosing) = locate(test) else { return nil }
        let usr = callGraph.flatMap { graph in
            index.path(ofText: located.base).flatMap { path in
                index.functionLine(of: located, in: path).flatMap { graph.function(definedIn: path, line: $0) }
            }
        }
        let (hint, read, reason) = classify(located, enclosing: enclosing, usr: usr)
        let firstLine = located.base[..<located.startIndex].utf8.lazy.filter { $0 == UInt8(ascii: "\n") }.count + 1
        var reading = Reading(
            hint: hint, gate: gate(of: hint, in: located), fromIndex: usr != nil,
            sharesState: sharedState && read.contains(where: index.sharedVariables.isReferred),
            reason: reason.flatMap { reason in
                index.path(ofText: located.base).map {
                    HintReason(location: "\($0):\(firstLine + reason.lineOffset)", chain: reason.chain)
                }
            })
        reading.pollsAProxy = hint == .yieldGated && Self.pollsAProxy(in: SourceIndex.strippingComments(located))
        return reading
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
        // Functions of the package that resume a continuation handed to them from a timer, at any depth: a
        // continuation the test hands one of them waits a fixed time (`withCheckedContinuation {
        // Deliveries.fromDispatch($0) }`).
        let timerCalls = reachedCode.map(\.code).filter(Self.resumesFromATimer).compactMap(Self.declaredName).map {
            $0 + "("
        }
        var via: [String: String] = [:]
        let helperWaits = Self.waitsOfHelpers(
            reached, product: productWaited, taskNames: index.taskNames, timed: timedHelpers, via: &via)
        let hint = Self.classify(
            reached: [function] + reached, productGates: gatesWaitedFor, productCalls: productCalls,
            productFiring: productFiring, streamElements: awaitedStreamElements(in: function),
            fakesOfTheProduct: fakesOfTheProduct, scoping: Self.bindsWhatIsRead(scoping, by: read) ? scoping : "",
            mentionedTypes: traitsAndTypesNamed(by: function).filter { Self.bindsWhatIsRead($0, by: read) },
            helperWaits: helperWaits, taskNames: index.taskNames, timedHelpers: timedHelpers, timerCalls: timerCalls)
        return (
            hint, read,
            Self.reason(for: hint, in: function, helperWaits: helperWaits, via: via, timerCalls: timerCalls)
        )
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
    static func classify(
        reached: [String], productGates: [String] = [], productCalls: [String] = [], productFiring: [String] = [],
        streamElements: [String.Index] = [],
        fakesOfTheProduct: [String] = [], scoping: String,
        mentionedTypes: [String], helperWaits: [String: OwnWait] = [:], taskNames: Set<String> = [],
        timedHelpers: Set<String> = [], timerCalls: [String] = []
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
            in: own, helperWaits: helperWaits,
            firedAt: unawaitedFiringCalls(in: own, firing: firing),
            taskWaits: handedBackTaskWaits(in: own, productCalls: productCalls), streamElements: streamElements,
            taskNames: taskNames, timerCalls: timerCalls)
        switch wait {
        case .gate?:
            return .continuationGated
        case .hazard(let hazard)?:
            // A gate only inside the code under test (a client that bridges a callback) is not how the
            // test waits; one in a helper or fake cannot be put in order with the test's own wait.
            return helperGate ? .unknown : hazard
        case nil:
            // A task an awaited call fired, whose writes the first check reads, races it whatever the code
            // under test waits on inside the call; a gate of the test's own helpers came first.
            if !helperGate, readsWorkAnAwaitedCallFired(
                own: own, firing: firing, product: productCalls + productFiring, taskNames: taskNames)
            {
                return .unstructuredTask
            }
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
            + signalPattern.matches(in: code).filter { match in
                // An object this code made (`let numbering = InvoiceNumbering()`) whose `next()` hands out a
                // value is no iterator waiting for an element.
                guard let receiver = match.groups[0] else { return true }
                return !constructedObject(String(receiver), in: code)
            }.map(\.range.lowerBound) + dispatchSignalWaitPositions(in: code)
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
    private static let signalPattern = SourcePattern(#"\bawait\s+([A-Za-z_][A-Za-z0-9_]*)\.next\(\)"#)

    /// Whether `code` binds `name` to a new instance of a type (`let name = TypeName(`), not to an iterator.
    static func constructedObject(_ name: String, in code: String) -> Bool {
        SourcePattern(
            #"\b(?:let|var)\s+"# + NSRegularExpression.escapedPattern(for: name)
                + #"\s*=\s*(?:try\s+|await\s+)*[A-Z][A-Za-z0-9_]*(?:<[^>\n]*>)?\s*\("#
        ).matches(in: code).contains { match in
            !code[match.range].contains("Iterator")
        }
    }
    static let startedTaskPattern = SourcePattern(
        #"\blet\s+([A-Za-z_][A-Za-z0-9_]*)\s*=\s*Task(?:\.detached)?\s*(?:<[^>{\n]*>)?\s*[({]"#)

    /// A package's own continuation helper (`withIdentifiableThrowingContinuation`): `with…Continuation(`.
    static func callsContinuationHelper(_ code: String) -> Bool {
        continuationHelperPattern.isFound(in: code)
    }

    static let continuationHelperPattern = SourcePattern(#"\bwith\w*Continuation\s*[({]"#)

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

    static let unstructuredStart = SourcePattern(
        #"\bTask(?:\s*\{|\.detached\s*[({]|\s*\(\s*(?:priority|name|executorPreference|operation)\s*:)"#)

    /// Code that holds a gate: a continuation, a continuation helper, or a signal it waits for.
    static func holdsGate(_ code: String, taskNames: Set<String> = []) -> Bool {
        !untimedGatePositions(in: code, taskNames: taskNames).isEmpty
    }
}
