import Foundation

/// Append-only log of what the check-in system did, for the ops dashboard.
public actor AuditTrail {
    public private(set) var entries: [String] = []

    public init() {}

    public func append(_ entry: String) {
        entries.append(entry)
    }

    public func contains(prefix: String) -> Bool {
        entries.contains { $0.hasPrefix(prefix) }
    }
}
