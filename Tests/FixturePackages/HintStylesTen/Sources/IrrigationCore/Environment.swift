import Foundation

/// Ambient values that production code reads instead of global state.
public enum DripEnvironment {
    /// When bound, the controller treats this as "now" instead of the wall clock
    /// (used by the commissioning tool to replay a day, and by tests).
    @TaskLocal public static var now: Date? = nil

    public static func currentDate() -> Date {
        now ?? Date()
    }
}

public enum AlertDeliveryMode: Sendable {
    /// Sinks are called from a detached task so slow gateways never block a sensor path.
    case background
    /// Sinks are called before `post` returns (panel self-test, commissioning).
    case inline
}

public enum AlertDelivery {
    @TaskLocal public static var mode: AlertDeliveryMode = .background
}
