import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckSupport
import Dispatch
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns Ctrl-C (SIGINT) and SIGTERM into a cancellation: no new runs start, running children are
/// stopped, and the report for the finished runs is still written. A second Ctrl-C kills every running
/// child's process group and exits at once.
public final class InterruptHandler: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []
    private var count = 0

    public init(
        cancellation: CancellationFlag, onFirst: @escaping @Sendable () -> Void,
        onSecond: @escaping @Sendable () -> Void = {}
    ) {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [unowned self] in
                self.count += 1
                if self.count > 1 {
                    onSecond()
                    exit(ExitCode.interrupted)
                }
                cancellation.cancel()
                onFirst()
            }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        sources.forEach { $0.cancel() }
    }
}
