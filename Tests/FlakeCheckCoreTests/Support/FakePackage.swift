import Foundation
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// A package that exists only as the answers its processes give: `swift build`, `--show-bin-path`,
/// `swift --version`, both libraries' `--list-tests`, and test processes whose output follows each
/// test's scripted behaviour. Each test counts its own starts under a lock, so "fails on every 4th
/// start" is exact however many workers run, and the package counts every pass it printed, so a test
/// can check that flakecheck never reports a pass that was not printed.
final class FakePackage: @unchecked Sendable {
    enum Behaviour: Sendable {
        case passes
        case failsEvery(Int)
        /// Fails on its first n starts, passes from then on.
        case failsFirst(Int)
        /// The process dies of SIGILL on every nth start of this test.
        case crashesEvery(Int)
        /// Dies only on the nth start that shares its process with other tests (a crash between tests).
        case crashesWithOthersEvery(Int)
        /// Fails only on the nth start that shares its process with other tests (a race between parallel
        /// tests on shared state): alone in its process it always passes.
        case failsWithOthersEvery(Int)
        /// Fails exactly when its process holds one other test and no more (a pair apart under `--perturb`):
        /// a race between two parallel tests that a whole suite's process never lets meet.
        case failsInAPair
        /// Swift Testing: fails exactly when its process writes no event stream (read from its console only):
        /// a race between parallel tests that the stream's encoding keeps apart.
        case failsWithoutEventStream
        case hangsEvery(Int, printing: Bool)
        case hangsWithOthersEvery(Int)
        /// Runs, but its process never prints a result for it and still ends normally.
        case neverReported
        /// Holds a fixed resource (a port): fails whenever another test process holds it at the same time.
        /// With more than one worker (`FLAKECHECK_WORKERS`) it waits up to 2 s for a partner, so the first
        /// runs of two workers always meet.
        case failsWhenAnotherWorkerRuns
        /// A race that needs CPU contention: fails beside another worker's process, and alone when
        /// flakecheck keeps the CPUs busy (`FLAKECHECK_CPU_LOAD`), never alone on idle CPUs.
        case failsUnderContention
        /// Passes, and while it runs prints every other test's pass line, XCTest's and Swift Testing's,
        /// and a forged start and pass of another XCTest test (a test of a log tool does this).
        case spoofsOthers
        /// XCTest: prints its own pass line and a fake end-of-run summary, then `exit(0)`: the tests after
        /// it in its process never start.
        case forgesSummaryAndExits
        /// XCTest: runs the test binary again as a child selecting itself, with the child's output
        /// inherited (OpenCombine's `assertCrashes`): the child's start-of-run line, its start of this
        /// test, then a pass, a failure or a crash without an end, and its summary; then the test's own
        /// end, a failure on every nth start. The child's lines decide nothing.
        case runsItselfAsChild(failsEvery: Int)
        /// XCTest: passes, and the process that ran it dies of SIGABRT after its summary (an exit handler).
        case abortsAtExit
    }

    struct Test: Sendable {
        var id: String
        var framework: TestFramework
        var behaviour: Behaviour
    }

    let folder: String
    /// The package's tests; change them between sessions, with `rebuild()`, to stand for an edit.
    var tests: [Test]
    /// Tests that run and print their results but that the binary's `--list-tests` leaves out.
    var unlisted: Set<String> = []
    /// What the runtime recorder writes when a test process has `FLAKECHECK_EVIDENCE_FILE` (the evidence pass).
    var recordedEvidence =
        #"{"yields":2,"sleeps":1,"sleepNanoseconds":[10000000],"unstructuredTasks":1,"harnessTasks":3,"mainActorJobs":6,"snapshotTaken":true,"tasksStillRunning":1}"#
    /// What `swift --version` prints.
    var toolchainVersion = "Swift version 6.3.1 (fake)"
    var binary: String { "\(folder)/bin/FakePackageTests.xctest" }
    /// How `swift build --build-tests` ends.
    var buildEnding: ScriptedLauncher.Ending = .exit(0)
    /// What `swift build --build-tests` prints.
    var buildOutput = "Building for debugging...\nBuild complete!\n"
    /// Emulates the kernel's per-string argv limit (E2BIG) for test processes.
    var maximumArgumentBytes: Int?
    /// Test processes cannot be started at all.
    var testProcessesFailToStart = false
    /// Ends test process number `n` (counted from 1 over all test processes) with a Ctrl-C.
    var interruptTestProcess: Int?
    var delay: Double = 0

    private let lock = NSLock()
    private var starts: [String: Int] = [:]
    private var startsWithOthers: [String: Int] = [:]
    private var printedPasses: [String: Int] = [:]
    private var testProcesses = 0
    private var resourceHolders = 0
    private var sharedResourceProcesses: Set<Int> = []

    init(tests: [Test]) throws {
        self.tests = tests
        folder = NSTemporaryDirectory() + "flakecheck-fake-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
        try Data("// swift-tools-version: 6.0\n".utf8).write(to: URL(fileURLWithPath: folder + "/Package.swift"))
        _ = FileManager.default.createFile(
            atPath: binary, contents: Data("#!/bin/false\n".utf8),
            attributes: [.posixPermissions: 0o755])
    }

    /// A new binary, as a rebuild links one: a new file in place of the old.
    func rebuild() throws {
        let next = binary + ".new"
        _ = FileManager.default.createFile(
            atPath: next, contents: Data("#!/bin/false\n# \(UUID())\n".utf8),
            attributes: [.posixPermissions: 0o755])
        guard rename(next, binary) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func passesPrinted(_ id: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return printedPasses[id] ?? 0
    }

    var launcher: ScriptedLauncher { ScriptedLauncher { [self] in respond($0) } }

    func respond(_ request: ProcessRequest) -> ScriptedLauncher.Script {
        let arguments = request.arguments
        // The machine's git, for `--changed-since` on a package whose folder is a repository.
        if request.executable == "git" { return Self.realGit(arguments) }
        if request.executable == "swift" {
            if arguments.first == "--version" { return .init(console: Array((toolchainVersion + "\n").utf8)) }
            if arguments.contains("--show-bin-path") { return .init(console: Array("\(folder)/bin\n".utf8)) }
            return .init(console: Array(buildOutput.utf8), ending: buildEnding)
        }
        // The binary where the fake build put it, or unpacked from an archive (`run --archive`).
        precondition(
            request.executable.hasSuffix("/FakePackageTests.xctest"), "unexpected executable \(request.executable)")
        let swiftTesting = arguments.contains("swift-testing")
        let library = tests.filter { $0.framework == (swiftTesting ? .swiftTesting : .xctest) }
        if arguments.contains("--list-tests") {
            // As the real binary: XCTest's header, and Swift Testing's test records in the event stream.
            let listed = library.filter { !unlisted.contains($0.id) }
            let list = listed.map { $0.id + "\n" }.joined()
            guard swiftTesting else {
                return .init(
                    console: Array("Listing \(listed.count) tests in FakePackageTests.xctest:\n\n\(list)".utf8))
            }
            let records = listed.map {
                #"{"kind":"test","payload":{"kind":"function","id":"\#($0.id)","name":"x"},"version":0}"# + "\n"
            }
            return .init(
                console: Array(list.utf8), eventStream: Array(records.joined().utf8),
                ending: .exit(listed.isEmpty ? 69 : 0))
        }
        if testProcessesFailToStart { return .init(ending: .spawnError("Permission denied")) }
        if let file = request.environment["FLAKECHECK_EVIDENCE_FILE"] {
            try? recordedEvidence.write(toFile: file, atomically: true, encoding: .utf8)
        }
        if let limit = maximumArgumentBytes, arguments.contains(where: { $0.utf8.count > limit }) {
            return .init(ending: .spawnError("Argument list too long"))
        }
        let number = lock.withLock {
            testProcesses += 1; return testProcesses
        }
        if number == interruptTestProcess { return .init(ending: .interruptedByUser) }
        let holdsResource = selected(library, arguments).contains {
            switch $0.behaviour {
            // A sibling race waits for the other worker too, so that its failures overlap another run.
            case .failsWhenAnotherWorkerRuns, .failsUnderContention, .failsWithOthersEvery: true
            default: false
            }
        }
        if holdsResource {
            holdResource(process: number, parallel: (Int(request.environment["FLAKECHECK_WORKERS"] ?? "1") ?? 1) > 1)
        }
        let repetitions = arguments.firstIndex(of: "--repetitions").flatMap { Int(arguments[$0 + 1]) } ?? 1
        let shared = lock.withLock { sharedResourceProcesses.contains(number) }
        let loaded = request.environment["FLAKECHECK_CPU_LOAD"] != nil
        var script =
            swiftTesting
            ? runSwiftTesting(
                selected(library, arguments), repetitions: repetitions, shared: shared, loaded: loaded,
                streamless: ScriptedLauncher.eventStreamPath(request) == nil)
            : runXCTest(selected(library, arguments), shared: shared, loaded: loaded)
        script.delay = delay
        return script
    }

    /// Marks `process` as sharing when another process holds the resource while it does.
    private func holdResource(process: Int, parallel: Bool) {
        lock.withLock { resourceHolders += 1 }
        let started = Date()
        while parallel, lock.withLock({ resourceHolders < 2 }), Date().timeIntervalSince(started) < 2 {
            Thread.sleep(forTimeInterval: 0.001)
        }
        lock.withLock {
            if resourceHolders >= 2 { sharedResourceProcesses.insert(process) }
        }
        Thread.sleep(forTimeInterval: 0.02)
        lock.withLock { resourceHolders -= 1 }
    }

    private func selected(_ library: [Test], _ arguments: [String]) -> [Test] {
        if let flag = arguments.firstIndex(of: "--filter") {
            let regex = try! NSRegularExpression(pattern: arguments[flag + 1])
            return library.filter { TestSelection.matches(regex, $0.id) }
        }
        guard let selectors = arguments.first, !selectors.hasPrefix("--") else { return library }
        let wanted = Set(selectors.split(separator: ",").map(String.init))
        return library.filter { wanted.contains($0.id) }
    }

    private enum Step {
        case pass, fail(Int), crash, hang(printing: Bool), silent, spoof, forgeAndExit
        /// A child's lines (`kind` 0: it passes, 1: it fails, 2: it dies without an end), then the test's own end.
        case child(kind: Int, fails: Bool)
    }

    /// Claims the test's next start number and decides what it does in this process.
    private func step(
        _ test: Test, alongside others: Int, shared resourceShared: Bool, loaded: Bool,
        streamless: Bool = false
    ) -> Step {
        lock.lock()
        defer { lock.unlock() }
        starts[test.id, default: 0] += 1
        let start = starts[test.id]!
        var shared = 0
        if others > 0 {
            startsWithOthers[test.id, default: 0] += 1
            shared = startsWithOthers[test.id]!
        }
        let result: Step =
            switch test.behaviour {
            case .passes: .pass
            case .failsEvery(let n): start % n == 0 ? .fail(start) : .pass
            case .failsFirst(let n): start <= n ? .fail(start) : .pass
            case .crashesEvery(let n): start % n == 0 ? .crash : .pass
            case .crashesWithOthersEvery(let n): shared > 0 && shared % n == 0 ? .crash : .pass
            case .failsWithOthersEvery(let n): shared > 0 && shared % n == 0 ? .fail(start) : .pass
            case .failsInAPair: others == 1 ? .fail(start) : .pass
            case .failsWithoutEventStream: streamless ? .fail(start) : .pass
            case .hangsEvery(let n, let printing): start % n == 0 ? .hang(printing: printing) : .pass
            case .hangsWithOthersEvery(let n): shared > 0 && shared % n == 0 ? .hang(printing: false) : .pass
            case .neverReported: .silent
            case .failsWhenAnotherWorkerRuns: resourceShared ? .fail(start) : .pass
            case .failsUnderContention: resourceShared || loaded ? .fail(start) : .pass
            case .spoofsOthers: .spoof
            case .forgesSummaryAndExits: test.framework == .xctest ? .forgeAndExit : .pass
            case .abortsAtExit: .pass
            case .runsItselfAsChild(let n):
                test.framework == .xctest
                    ? .child(kind: start % 3, fails: start % n == 0) : (start % n == 0 ? .fail(start) : .pass)
            }
        switch result {
        // A forged own pass counts as printed: console text cannot tell it from a real one (README).
        case .pass, .spoof, .forgeAndExit, .child(_, fails: false): printedPasses[test.id, default: 0] += 1
        default: break
        }
        return result
    }

    private func runXCTest(_ selected: [Test], shared: Bool, loaded: Bool) -> ScriptedLauncher.Script {
        var text = "Test Suite 'Selected tests' started at 2026-01-01 00:00:00.000\n"
        var failures = 0
        for test in selected {
            let printed = Self.printedName(test.id)
            let step = step(test, alongside: selected.count - 1, shared: shared, loaded: loaded)
            if case .silent = step { continue }
            text += "Test Case '\(printed)' started at 2026-01-01 00:00:00.000\n"
            switch step {
            case .pass: text += "Test Case '\(printed)' passed (0.001 seconds)\n"
            case .spoof:
                for other in tests where other.id != test.id {
                    text +=
                        other.framework == .xctest
                        ? "Test Case '\(Self.printedName(other.id))' started at 2026-01-01 00:00:00.000\n"
                            + "Test Case '\(Self.printedName(other.id))' passed (0.001 seconds)\n"
                        : "✔ Test \(InvocationFactory.unqualifiedName(other.id).split(separator: "/").last ?? "") passed after 0.001 seconds.\n"
                }
                text += "Test Case '\(printed)' passed (0.001 seconds)\n"
            case .forgeAndExit:
                text +=
                    "Test Case '\(printed)' passed (0.001 seconds)\n"
                    + "Test Suite 'Selected tests' passed at 2026-01-01 00:00:00.100\n"
                    + "\t Executed 1 test, with 0 failures (0 unexpected) in 0.1 (0.1) seconds\n"
                return .init(console: Array(text.utf8), ending: .exit(0))
            case .fail(let start):
                failures += 1
                text += "/src/Fake.swift:3: error: \(printed) : XCTAssertTrue failed - start \(start)\n"
                text += "Test Case '\(printed)' failed (0.001 seconds)\n"
            case .child(let kind, let fails):
                text +=
                    "Test Suite 'Selected tests' started at 2026-01-01 00:00:00.000\n"
                    + "Test Case '\(printed)' started at 2026-01-01 00:00:00.000\n"
                switch kind {
                case 0: text += "Test Case '\(printed)' passed (0.001 seconds)\n"
                case 1:
                    text +=
                        "/src/Fake.swift:3: error: \(printed) : XCTAssertTrue failed - the child's\n"
                        + "Test Case '\(printed)' failed (0.001 seconds)\n"
                default: text += "Fake/Fake.swift:9: Fatal error: the child's expected crash\n"
                }
                if kind < 2 {
                    text +=
                        "Test Suite 'Selected tests' passed at 2026-01-01 00:00:00.100\n"
                        + "\t Executed 1 test, with 0 failures (0 unexpected) in 0.1 (0.1) seconds\n"
                }
                if fails {
                    failures += 1
                    text +=
                        "/src/Fake.swift:4: error: \(printed) : XCTAssertTrue failed - the parent's own\n"
                        + "Test Case '\(printed)' failed (0.001 seconds)\n"
                } else {
                    text += "Test Case '\(printed)' passed (0.001 seconds)\n"
                }
            case .crash:
                text += "Fake/Fake.swift:7: Fatal error: deliberate crash\n"
                return .init(console: Array(text.utf8), ending: .signal(SIGILL))
            case .hang(let printing):
                return .init(console: Array(text.utf8), ending: .hang(printing: printing))
            case .silent: break
            }
        }
        text += "Test Suite 'Selected tests' \(failures > 0 ? "failed" : "passed") at 2026-01-01 00:00:00.100\n"
        text += "\t Executed \(selected.count) tests, with \(failures) failures (0 unexpected) in 0.1 (0.1) seconds\n"
        if selected.contains(where: { if case .abortsAtExit = $0.behaviour { true } else { false } }) {
            return .init(console: Array(text.utf8), ending: .signal(SIGABRT))
        }
        return .init(console: Array(text.utf8), ending: .exit(failures > 0 ? 1 : 0))
    }

    /// Swift Testing starts every selected test at once and ends them in order; a crash or hang leaves
    /// the ones after it in flight, as in a real parallel run. Its console text (function names only) is
    /// printed when no event stream was asked for, the one case where flakecheck reads it.
    private func runSwiftTesting(
        _ selected: [Test], repetitions: Int, shared: Bool, loaded: Bool,
        streamless: Bool
    ) -> ScriptedLauncher.Script {
        var events = [Self.event("runStarted", nil)]
        var text = "◇ Test run started.\n"
        var failures = 0
        func script(ending: ScriptedLauncher.Ending, console extra: String = "") -> ScriptedLauncher.Script {
            .init(
                // Swift Testing prints its console lines beside the event stream, as the real library does.
                console: Array((text + extra).utf8), eventStream: Array(events.joined().utf8),
                ending: ending)
        }
        // Parallel tests: one that hangs leaves the others to finish, and the process hangs at the end.
        var hang: ScriptedLauncher.Ending?
        for _ in 0..<repetitions where hang == nil {
            for test in selected {
                events.append(Self.event("testStarted", test.id, symbol: "default"))
                text += "◇ Test \(Self.consoleName(test.id)) started.\n"
            }
            for test in selected {
                let name = Self.consoleName(test.id)
                switch step(test, alongside: selected.count - 1, shared: shared, loaded: loaded, streamless: streamless)
                {
                case .pass, .spoof, .forgeAndExit, .child:
                    events.append(Self.event("testEnded", test.id, symbol: "pass"))
                    text += "✔ Test \(name) passed after 0.001 seconds.\n"
                case .fail(let start):
                    failures += 1
                    events.append(
                        Self.event("issueRecorded", test.id, symbol: "fail", text: "Expectation failed: start \(start)")
                    )
                    events.append(Self.event("testEnded", test.id, symbol: "fail"))
                    text +=
                        "✘ Test \(name) recorded an issue at Fake.swift:3:5: Expectation failed: start \(start)\n"
                        + "✘ Test \(name) failed after 0.001 seconds with 1 issue.\n"
                case .crash:
                    return script(ending: .signal(SIGILL), console: "Fatal error: deliberate crash\n")
                case .hang(let printing):
                    hang = .hang(printing: printing)
                case .silent: break
                }
            }
        }
        if let hang { return script(ending: hang) }
        events.append(Self.event("runEnded", nil))
        text +=
            failures > 0
            ? "✘ Test run with \(selected.count) tests failed after 0.001 seconds with \(failures) issues.\n"
            : "✔ Test run with \(selected.count) tests passed after 0.001 seconds.\n"
        return script(ending: .exit(failures > 0 ? 1 : 0))
    }

    /// What Swift Testing's console calls a test: its function's name.
    static func consoleName(_ id: String) -> String {
        String(InvocationFactory.unqualifiedName(id).split(separator: "/").last ?? "")
    }

    static func event(_ kind: String, _ testID: String?, symbol: String = "default", text: String = "x") -> String {
        let id = testID.map { ",\"testID\":\"\($0)\"" } ?? ""
        let issue = kind == "issueRecorded" ? ",\"issue\":{\"isKnown\":false}" : ""
        return "{\"kind\":\"event\",\"payload\":{\"instant\":{\"absolute\":1.5},\"kind\":\"\(kind)\""
            + ",\"messages\":[{\"symbol\":\"\(symbol)\",\"text\":\"\(text)\"}]\(id)\(issue)},\"version\":0}\n"
    }

    static func realGit(_ arguments: [String]) -> ScriptedLauncher.Script {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        guard (try? process.run()) != nil else { return .init(ending: .spawnError("no git")) }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return .init(console: Array(output), ending: .exit(process.terminationStatus))
    }

    /// `Module.Class/method` prints as `Class.method` on Linux.
    static func printedName(_ id: String) -> String {
        let unqualified = InvocationFactory.unqualifiedName(id)
        return unqualified.replacingOccurrences(of: "/", with: ".")
    }
}
