import FlakeCheckModel

/// One process to start for (part of) one run, and how to read what it prints.
package struct TestInvocation: Sendable, Equatable {
    package var request: ProcessRequest
    /// The canonical IDs this process was asked to run, in discovery order.
    package var testIDs: [String]
    package var frameworks: Set<TestFramework>
    /// Where Swift Testing writes its JSON event stream, when this process runs Swift Testing tests.
    package var eventStreamPath: String?
    /// How many times the process runs each of its tests (`--repetitions`, in-process mode).
    package var repetitions = 1

    package init(
        request: ProcessRequest, testIDs: [String], frameworks: Set<TestFramework>, eventStreamPath: String? = nil
    ) {
        self.request = request
        self.testIDs = testIDs
        self.frameworks = frameworks
        self.eventStreamPath = eventStreamPath
    }
}

extension TestInvocation {
    /// This process without Swift Testing's event stream, its results read from its console text; nil when
    /// it has no stream to drop, also runs XCTest, or repeats its tests (repetitions are read from the
    /// stream), and on toolchains before 6.3, whose stream version 0 turns warning issues off for the whole
    /// run (`EventStreamVersion`): there a process without it could pass where one with it fails. Swift
    /// Testing encodes each event as the test posts it, on the test's own task, which spaces parallel tests
    /// apart and hides races between them (Documentation/Benchmarks.md, "What the event stream and the
    /// reader cost a race").
    package func readingConsoleOnly() -> TestInvocation? {
        let arguments = request.arguments
        guard eventStreamPath != nil, frameworks == [.swiftTesting], !arguments.contains("--repetitions"),
            let path = arguments.firstIndex(of: "--event-stream-output-path"), path + 1 < arguments.count,
            let version = arguments.firstIndex(of: "--event-stream-version"), version + 1 < arguments.count,
            arguments[version + 1] != "0"
        else { return nil }
        let dropped: Set<Int> = [path, path + 1, version, version + 1]
        var invocation = self
        invocation.request.arguments = arguments.indices.filter { !dropped.contains($0) }.map { arguments[$0] }
        invocation.eventStreamPath = nil
        return invocation
    }
}

/// Turns a list of selected tests into the processes that run them.
package struct InvocationFactory: Sendable {
    package var mode: ExecutionMode
    package var testBinary: String
    package var packagePath: String
    package var configuration: String
    package var swiftExecutable: String
    package var environment: [String: String]
    package var timeout: Double
    package var scratchDirectory: String
    /// Xcode mode: each run is one `xcodebuild test-without-building` of the `.xctestrun` in `testBinary`.
    package var xcode: XcodebuildCommandLine? = nil
    /// Set on macOS, where the test product is a bundle that `xctest` or `swiftpm-testing-helper` loads.
    package var macOSBundle: MacOSTestBundle? = nil
    /// How many tests the package has per framework: when all of them are selected no filter is passed,
    /// which keeps argv short for big suites.
    package var totalTests: [TestFramework: Int]
    /// What names an XCTest test on the binary's command line (`TestCatalog.xctestSelector`): its ID, or
    /// what runs it where its ID cannot be named.
    package var xctestSelector: @Sendable (String) -> String = { $0 }
    /// The event stream version Swift Testing is asked for (`EventStreamVersion.requested`): below 6.3 it
    /// drops warning issues before the tests' own handlers see them, so tests that count warnings fail.
    package var eventStreamVersion = "0"

    package init(
        mode: ExecutionMode, testBinary: String, packagePath: String, configuration: String,
        swiftExecutable: String = "swift", environment: [String: String], timeout: Double,
        scratchDirectory: String, totalTests: [TestFramework: Int]
    ) {
        self.mode = mode
        self.testBinary = testBinary
        self.packagePath = packagePath
        self.configuration = configuration
        self.swiftExecutable = swiftExecutable
        self.environment = environment
        self.timeout = timeout
        self.scratchDirectory = scratchDirectory
        self.totalTests = totalTests
    }

    /// `tag` makes event stream file names unique across concurrent runs.
    /// `repetitions` (in-process mode, Swift Testing only) repeats the tests inside one process.
    package func invocations(for tests: [TestIdentity], tag: String, repetitions: Int? = nil) -> [TestInvocation] {
        switch mode {
        case .process, .inProcess: return processInvocations(for: tests, tag: tag, repetitions: repetitions)
        case .swiftTest: return swiftTestInvocations(for: tests, tag: tag)
        case .xcode:
            guard let xcode else { preconditionFailure("xcode mode needs the xcodebuild command line") }
            let arguments = xcode.testWithoutBuilding(xctestrun: testBinary, tests: tests.map(\.id))
            return [
                TestInvocation(
                    request: request("xcodebuild", arguments), testIDs: tests.map(\.id),
                    frameworks: Set(tests.map(\.framework)), eventStreamPath: nil)
            ]
        }
    }

    /// Linux caps one argv string at 128 KiB (MAX_ARG_STRLEN): a longer selector list makes `posix_spawn`
    /// fail with E2BIG. Every selection argument stays under this, with room to spare.
    package static let maximumArgumentBytes = 100 * 1024
    /// What one process's selection arguments may add up to: ARG_MAX (2 MiB by default) also holds the
    /// environment, so a huge selection goes to more processes rather than near that edge.
    package static let maximumSelectionBytes = 1024 * 1024

    private func processInvocations(for tests: [TestIdentity], tag: String, repetitions: Int?) -> [TestInvocation] {
        var result: [TestInvocation] = []
        let xctests = tests.filter { $0.framework == .xctest }
        for (number, batch) in Self.batchesWithoutNameClashes(xctests).enumerated() {
            if batch.count == totalTests[.xctest] && number == 0 {
                result.append(xctestInvocation(arguments: [], tests: batch))
                continue
            }
            // XCTest takes one selector argument, so a list past the limit becomes several processes.
            for chunk in Self.chunks(batch, limit: Self.maximumArgumentBytes, cost: { $0.id.utf8.count + 1 }) {
                var selectors: [String] = []
                var seen: Set<String> = []
                for test in chunk where seen.insert(xctestSelector(test.id)).inserted {
                    selectors.append(xctestSelector(test.id))
                }
                result.append(xctestInvocation(arguments: [selectors.joined(separator: ",")], tests: chunk))
            }
        }
        let swiftTests = tests.filter { $0.framework == .swiftTesting }
        guard !swiftTests.isEmpty else { return result }
        let selectsAll = swiftTests.count == totalTests[.swiftTesting]
        let processes =
            selectsAll
            ? [swiftTests]
            : Self.chunks(swiftTests, limit: Self.maximumSelectionBytes, cost: Self.filterCost)
        for (number, chunk) in processes.enumerated() {
            let eventStream = "\(scratchDirectory)/events-\(tag)-st\(number).jsonl"
            var arguments: [String] = []
            if !selectsAll { arguments += Self.filterArguments(for: chunk.map(\.id)) }
            arguments += ["--event-stream-output-path", eventStream, "--event-stream-version", eventStreamVersion]
            if let repetitions { arguments += ["--repetitions", String(repetitions)] }
            var invocation = TestInvocation(
                request: swiftTestingRequest(arguments), testIDs: chunk.map(\.id),
                frameworks: [.swiftTesting], eventStreamPath: eventStream)
            invocation.repetitions = repetitions ?? 1
            result.append(invocation)
        }
        return result
    }

    private func xctestInvocation(arguments: [String], tests: [TestIdentity]) -> TestInvocation {
        var request = request(testBinary, arguments)
        if let macOSBundle {
            (request.executable, request.arguments) = macOSBundle.xctestCommand(selectors: arguments.first)
            request.environment = macOSBundle.environment(environment, forXCTest: true)
        }
        return TestInvocation(request: request, testIDs: tests.map(\.id), frameworks: [.xctest], eventStreamPath: nil)
    }

    /// On Linux the test binary's generated `main` picks the library from the first `--testing-library`.
    private func swiftTestingRequest(_ arguments: [String]) -> ProcessRequest {
        var request = request(testBinary, ["--testing-library", "swift-testing"] + arguments)
        if let macOSBundle {
            (request.executable, request.arguments) = macOSBundle.swiftTestingCommand(arguments: arguments)
            request.environment = macOSBundle.environment(environment, forXCTest: false)
        }
        return request
    }

    /// `--filter E1 --filter E2 …`, each expression under the argument limit; Swift Testing and
    /// `swift test` select what matches any of them.
    static func filterArguments(for ids: [String]) -> [String] {
        chunks(ids, limit: maximumArgumentBytes, cost: { filterCost($0) }).flatMap {
            ["--filter", TestSelection.exactExpression(for: $0)]
        }
    }

    private static func filterCost(_ test: TestIdentity) -> Int { filterCost(test.id) }

    /// Bytes an ID adds to an exact filter expression: escaping at most doubles it, plus the `|`.
    private static func filterCost(_ id: String) -> Int { id.utf8.count * 2 + 1 }

    /// Splits `items` in order into runs whose summed cost stays within `limit` (one item alone may pass it).
    package static func chunks<Item>(_ items: [Item], limit: Int, cost: (Item) -> Int) -> [[Item]] {
        var result: [[Item]] = []
        var current: [Item] = []
        var used = 64  // the expression's own prefix and suffix
        for item in items {
            let size = cost(item)
            if !current.isEmpty, used + size > limit {
                result.append(current)
                current = []
                used = 64
            }
            current.append(item)
            used += size
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    private func swiftTestInvocations(for tests: [TestIdentity], tag: String) -> [TestInvocation] {
        let swiftTests = tests.filter { $0.framework == .swiftTesting }
        var batches = Self.batchesWithoutNameClashes(tests.filter { $0.framework == .xctest })
        if batches.isEmpty { batches = [[]] }
        return batches.enumerated().map { number, batch in
            swiftTestInvocation(for: batch + (number == 0 ? swiftTests : []), tag: "\(tag)-\(number)")
        }
    }

    private func swiftTestInvocation(for tests: [TestIdentity], tag: String) -> TestInvocation {
        var arguments =
            ["test", "--skip-build", "--package-path", packagePath, "--configuration", configuration]
            + Self.filterArguments(for: tests.map(\.id))
        let hasSwiftTesting = tests.contains { $0.framework == .swiftTesting }
        let eventStream = hasSwiftTesting ? "\(scratchDirectory)/events-\(tag).jsonl" : nil
        if let eventStream {
            arguments += ["--event-stream-output-path", eventStream, "--event-stream-version", eventStreamVersion]
        } else {
            arguments += ["--disable-swift-testing"]
        }
        if !tests.contains(where: { $0.framework == .xctest }) { arguments += ["--disable-xctest"] }
        return TestInvocation(
            request: request(swiftExecutable, arguments), testIDs: tests.map(\.id),
            frameworks: Set(tests.map(\.framework)), eventStreamPath: eventStream)
    }

    private func request(_ executable: String, _ arguments: [String]) -> ProcessRequest {
        var request = ProcessRequest(
            executable: executable, arguments: arguments, environment: environment,
            workingDirectory: packagePath, timeout: timeout)
        request.readsOutputAtIdlePriority = true
        return request
    }

    /// XCTest on Linux prints `Class.method` without the module, so two modules' `MathTests.testAdd` look
    /// the same, and their run order is not stable between builds. Putting such tests in different
    /// processes makes every printed name in a process unique, and resolution exact.
    package static func batchesWithoutNameClashes(_ tests: [TestIdentity]) -> [[TestIdentity]] {
        var batches: [[TestIdentity]] = []
        var namesPerBatch: [Set<String>] = []
        for test in tests {
            let printed = unqualifiedName(test.id)
            if let index = namesPerBatch.firstIndex(where: { !$0.contains(printed) }) {
                batches[index].append(test)
                namesPerBatch[index].insert(printed)
            } else {
                batches.append([test])
                namesPerBatch.append([printed])
            }
        }
        return batches
    }

    /// `Module.Class/method` is printed as `Class.method`, which the console parser turns into `Class/method`.
    package static func unqualifiedName(_ id: String) -> String {
        guard let slash = id.firstIndex(of: "/") else { return id }
        let classPart = id[..<slash]
        let className = classPart.split(separator: ".").last.map(String.init) ?? String(classPart)
        return className + id[slash...]
    }
}
