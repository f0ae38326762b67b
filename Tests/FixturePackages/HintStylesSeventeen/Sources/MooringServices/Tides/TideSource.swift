import Foundation
import MooringModel

/// Anything that can hand us a day's tide table. Older feeds are callback based.
public protocol TideSource: Sendable {
    func fetchTable(port: String, completion: @escaping @Sendable (TideTable?) -> Void)
}

extension TideSource {
    public func table(for port: String) async -> TideTable? {
        await withCheckedContinuation { continuation in
            fetchTable(port: port) { table in
                continuation.resume(returning: table)
            }
        }
    }
}
