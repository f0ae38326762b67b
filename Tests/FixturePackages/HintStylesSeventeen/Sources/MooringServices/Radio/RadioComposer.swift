import Foundation
import MooringModel

/// Builds outgoing messages signed by whoever is on watch.
public actor RadioComposer {
    public init() {}

    public func compose(body: String, channel: Int, priority: RadioPriority = .routine) -> RadioMessage {
        RadioMessage(
            channel: channel,
            from: HarbourContext.operatorCallsign,
            body: body.trimmingCharacters(in: .whitespaces),
            priority: priority
        )
    }
}
