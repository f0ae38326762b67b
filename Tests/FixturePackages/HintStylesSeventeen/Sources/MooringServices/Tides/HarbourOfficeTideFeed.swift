import Foundation
import MooringModel

/// Reads the harbour office's almanac text (one `HHMM K height` line per turning point).
public final class HarbourOfficeTideFeed: TideSource, @unchecked Sendable {
    private let queue = DispatchQueue(label: "mooring.tides.office-feed", qos: .utility)
    private let almanac: [String: [String]]

    public init(almanac: [String: [String]]) {
        self.almanac = almanac
    }

    public func fetchTable(port: String, completion: @escaping @Sendable (TideTable?) -> Void) {
        queue.async { [almanac] in
            guard let lines = almanac[port] else {
                completion(nil)
                return
            }
            let entries = lines.compactMap(TideEntry.parse)
            completion(TideTable(port: port, entries: entries))
        }
    }
}
