import Foundation
import MooringModel

/// The harbour master's desk: outgoing broadcasts and acknowledgements, all logged.
public final class RadioDesk: Sendable {
    private let log: RadioLog
    private let transmitter: any RadioTransmitting
    private let callsign: String

    public init(log: RadioLog, transmitter: any RadioTransmitting, callsign: String = "MOORING CONTROL") {
        self.log = log
        self.transmitter = transmitter
        self.callsign = callsign
    }

    /// Queues a broadcast; callers that care can await the returned handle.
    @discardableResult
    public func scheduleBroadcast(_ message: RadioMessage) -> Task<Void, Never> {
        Task { [log, transmitter] in
            await transmitter.transmit(message)
            await log.record(message)
        }
    }

    public func acknowledge(_ call: RadioMessage) {
        let reply = RadioMessage(
            channel: call.channel,
            from: callsign,
            body: "ACK \(call.from.uppercased()): \(call.body.uppercased())",
            priority: call.priority
        )
        Task { [log, transmitter] in
            await transmitter.transmit(reply)
            await log.record(reply)
        }
    }
}


public protocol RadioTransmitting: Sendable {
    func transmit(_ message: RadioMessage) async
}
