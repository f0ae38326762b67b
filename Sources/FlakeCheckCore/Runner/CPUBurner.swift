import Foundation

/// Threads that keep the CPUs busy while the tests run (`--stress`), stopped when the runs end.
final class CPUBurner: @unchecked Sendable {
    private let stopFlag = CancellationFlag()
    private let group = DispatchGroup()

    init(settings: StressSettings) {
        for _ in 0..<settings.burnerThreads {
            group.enter()
            let thread = Thread { [stopFlag, group] in
                var sink = 0.0
                let slice = 0.010
                while !stopFlag.isCancelled {
                    let start = Date()
                    while Date().timeIntervalSince(start) < slice * settings.dutyCycle { sink += sin(sink + 1) }
                    if settings.dutyCycle < 1 { Thread.sleep(forTimeInterval: slice * (1 - settings.dutyCycle)) }
                }
                _ = sink
                group.leave()
            }
            thread.start()
        }
    }

    func stop() {
        stopFlag.cancel()
        group.wait()
    }
}
