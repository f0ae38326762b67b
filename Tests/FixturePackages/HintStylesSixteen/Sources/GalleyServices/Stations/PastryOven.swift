import GalleyModel

/// The deck oven at the pastry station. It has no probe wired to the system,
/// so readiness is based on the manufacturer's preheat allowance.
public actor PastryOven {
    public static let preheatAllowance: Duration = .milliseconds(250)

    public private(set) var isHot = false
    public private(set) var targetCelsius = 0

    public init() {}

    public func preheat(to celsius: Int) {
        targetCelsius = celsius
        isHot = false
        Task {
            // Element ramp-up.
            try? await Task.sleep(for: .milliseconds(30))
            self.reachTemperature()
        }
    }

    /// Waits out the preheat allowance.
    public func waitUntilReady() async {
        try? await Task.sleep(for: Self.preheatAllowance)
    }

    private func reachTemperature() {
        isHot = true
    }
}
