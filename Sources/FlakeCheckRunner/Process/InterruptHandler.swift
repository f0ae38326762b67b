import Dispatch
import FlakeCheckSupport
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns Ctrl-C (SIGINT), SIGTERM and SIGHUP (a closed terminal or SSH session) into a cancellation: no
/// new runs start, running children are stopped, and the report of the finished runs is still written
/// (exit 130). A second signal kills every running child's process group at once and the report is still
/// written; if writing it takes longer than `secondSignalGrace`, or a third signal comes, flakecheck
/// exits at once without it.
package final class InterruptHandler: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []
    private var count = 0
    /// How long the session has, after the second signal, to write its report.
    package static let secondSignalGrace: Double = 10

    package init(
        cancellation: CancellationFlag, onFirst: @escaping @Sendable () -> Void,
        onSecond: @escaping @Sendable () -> Void = {}
    ) {
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [unowned self] in
                self.count += 1
                switch self.count {
                case 1:
                    cancellation.cancel()
                    onFirst()
                case 2:
                    onSecond()
                    DispatchQueue.global().asyncAfter(deadline: .now() + Self.secondSignalGrace) {
                        exit(ExitCode.interrupted)
                    }
                default:
                    exit(ExitCode.interrupted)
                }
            }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        sources.forEach { $0.cancel() }
    }
}
