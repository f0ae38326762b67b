/// Simple on/off control with a dead band around the setpoint.
public struct Hysteresis: Sendable, Equatable {
    public var setpoint: Double
    public var band: Double

    public init(setpoint: Double, band: Double = 0.5) {
        self.setpoint = setpoint
        self.band = band
    }

    /// Returns whether the heater should be running.
    public func decide(current: Double, heating: Bool) -> Bool {
        if heating {
            return current < setpoint + band
        } else {
            return current < setpoint - band
        }
    }
}
