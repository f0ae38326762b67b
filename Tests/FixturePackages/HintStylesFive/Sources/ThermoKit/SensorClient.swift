/// Hardware access expressed as a bag of closures so tests and previews can
/// swap in their own behaviour without a protocol hierarchy.
public struct SensorClient: Sendable {
    public var readTemperature: @Sendable () async throws -> Double
    public var setHeater: @Sendable (Bool) async throws -> Void

    public init(
        readTemperature: @escaping @Sendable () async throws -> Double,
        setHeater: @escaping @Sendable (Bool) async throws -> Void
    ) {
        self.readTemperature = readTemperature
        self.setHeater = setHeater
    }
}

extension SensorClient {
    /// A client that never touches hardware; handy for previews.
    public static func constant(_ celsius: Double) -> SensorClient {
        SensorClient(readTemperature: { celsius }, setHeater: { _ in })
    }
}
