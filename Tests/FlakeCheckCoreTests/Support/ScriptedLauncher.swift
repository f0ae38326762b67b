import Foundation
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// The process boundary, scripted: instead of starting a process it replays what a script says the
/// process printed (console bytes in random chunk sizes, event-stream records into the file the
/// request names) and ends the way the script says (an exit status, a signal, a hang that meets the
/// timeout, a spawn error, or a Ctrl-C that arrives mid-output). Everything above the launcher
/// (executor, scheduler, session) runs for real against it.
final class ScriptedLauncher: ProcessLaunching, @unchecked Sendable {
    struct Script {
        var console: [UInt8] = []
        /// Written to `--event-stream-output-path` before the process "ends", when the request has one; nil
        /// writes no file (a binary without Swift Testing).
        var eventStream: [UInt8]? = []
        var ending: Ending = .exit(0)
        /// Real seconds to wait before ending, to let concurrent processes overlap.
        var delay: Double = 0
    }

    enum Ending: Equatable {
        case exit(Int32)
        case signal(Int32)
        /// Never ends by itself: killed at the request's timeout, or stopped by cancellation.
        /// `printing` keeps it writing lines while it hangs (the chatty hang).
        case hang(printing: Bool)
        case spawnError(String)
        /// The user presses Ctrl-C while this process runs.
        case interruptedByUser
    }

    private let lock = NSLock()
    private var generator: SplitMix64
    private let respond: @Sendable (ProcessRequest) -> Script
    private var recorded: [ProcessRequest] = []

    init(seed: UInt64 = 1, respond: @escaping @Sendable (ProcessRequest) -> Script) {
        generator = SplitMix64(seed: seed)
        self.respond = respond
    }

    var requests: [ProcessRequest] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func run(
        _ request: ProcessRequest, cancellation: CancellationFlag,
        onOutput: (UnsafeRawBufferPointer) -> Void
    ) throws -> ProcessExit {
        lock.lock()
        recorded.append(request)
        let chunkSeed = generator.next()
        lock.unlock()
        let script = respond(request)
        if case .spawnError(let reason) = script.ending {
            throw FlakeCheckError.cannotStartProcess(request.executable, reason: reason)
        }
        if let path = Self.eventStreamPath(request), let stream = script.eventStream {
            _ = FileManager.default.createFile(atPath: path, contents: Data(stream))
        }
        var chunks = SplitMix64(seed: chunkSeed)
        var offset = 0
        while offset < script.console.count {
            let size = Int(chunks.next() % 512) + 1
            let end = min(script.console.count, offset + size)
            script.console[offset..<end].withUnsafeBytes(onOutput)
            offset = end
        }
        if script.delay > 0 { Thread.sleep(forTimeInterval: script.delay) }
        switch script.ending {
        case .exit(let code):
            return ProcessExit(exitCode: code, signal: nil, wallSeconds: 0.01)
        case .signal(let number):
            return ProcessExit(exitCode: nil, signal: number, wallSeconds: 0.01)
        case .hang(let printing):
            if printing { Array("still working\n".utf8).withUnsafeBytes(onOutput) }
            if let timeout = request.timeout {
                return ProcessExit(exitCode: nil, signal: SIGKILL, timedOut: true, wallSeconds: timeout)
            }
            // A test process's clock: the hang outlasts every bound, and the clock says which ran out first.
            if let limit = request.timeLimit, limit.hasExpired(at: .distantFuture) {
                return ProcessExit(exitCode: nil, signal: SIGKILL, timedOut: true, wallSeconds: limit.perTest)
            }
            let started = Date()
            while !cancellation.isCancelled {
                precondition(
                    Date().timeIntervalSince(started) < 30, "a scripted hang with no timeout was never cancelled")
                Thread.sleep(forTimeInterval: 0.001)
            }
            return ProcessExit(exitCode: nil, signal: SIGTERM, interrupted: true, wallSeconds: 0.01)
        case .interruptedByUser:
            cancellation.cancel()
            return ProcessExit(exitCode: nil, signal: SIGTERM, interrupted: true, wallSeconds: 0.01)
        case .spawnError:
            fatalError("handled above")
        }
    }

    static func eventStreamPath(_ request: ProcessRequest) -> String? {
        guard let flag = request.arguments.firstIndex(of: "--event-stream-output-path"),
            flag + 1 < request.arguments.count
        else { return nil }
        return request.arguments[flag + 1]
    }
}
