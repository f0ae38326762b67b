import Foundation
import PawModel

/// Receives raw messages from the lab's HL7 bridge and publishes one feed event per message.
public final class LabInterfaceEngine: @unchecked Sendable {
    private let feed: LabResultsFeed
    private let parser: LabMessageParser
    private let queue = DispatchQueue(label: "paw.lab-interface", qos: .utility)

    public init(feed: LabResultsFeed, parser: LabMessageParser = LabMessageParser()) {
        self.feed = feed
        self.parser = parser
    }

    public func receive(_ raw: String) {
        queue.async { [feed, parser] in
            do {
                let result = try parser.parse(raw, receivedAt: Date())
                feed.publish(.resulted(result))
            } catch {
                feed.publish(.rejected(reason: String(describing: error)))
            }
        }
    }
}
