public protocol DriverLocating: Sendable {
    func drivers(near point: Coordinate) async throws -> [Driver]
}

public protocol RiderNotifying: Sendable {
    /// Fire-and-forget; implementations must not block the dispatcher.
    func notify(_ event: RiderEvent)
}

public struct SilentNotifier: RiderNotifying {
    public init() {}
    public func notify(_ event: RiderEvent) {}
}
