import Foundation
import MooringModel

/// Re-broadcasts selected traffic on the marina working channel and logs it.
public struct RadioRelay: Sendable {
    private let log: RadioLog

    public init(log: RadioLog) {
        self.log = log
    }

    public func forward(_ message: RadioMessage, toChannel channel: Int) {
        let relayed = message.retuned(to: channel)
        Task.detached(priority: .utility) { [log] in
            await log.record(relayed)
        }
    }
}
