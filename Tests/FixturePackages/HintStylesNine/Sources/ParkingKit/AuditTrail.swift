import ParkingCore

public struct AuditEntry: Hashable, Sendable {
    public let action: String
    public let actor: String
    public let region: Region
}

/// Compliance log for enforcement overrides (voiding a ticket, comping a session).
public actor AuditTrail {
    public private(set) var entries: [AuditEntry] = []

    public init() {}

    public func record(_ action: String) {
        entries.append(AuditEntry(
            action: action,
            actor: ParkingContext.operatorID ?? "anonymous",
            region: ParkingContext.region
        ))
    }
}
