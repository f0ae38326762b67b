public enum TemperatureUnit: Sendable, Equatable {
    case celsius
    case fahrenheit
}

/// Ambient per-request context. Set with `DeviceContext.$zone.withValue(...)`.
public enum DeviceContext {
    @TaskLocal public static var zone: String = "default"
    @TaskLocal public static var units: TemperatureUnit = .celsius
}

public enum TemperatureFormatter {
    public static func format(_ celsius: Double) -> String {
        switch DeviceContext.units {
        case .celsius:
            return "\(oneDecimal(celsius))°C"
        case .fahrenheit:
            return "\(oneDecimal(celsius * 9 / 5 + 32))°F"
        }
    }

    private static func oneDecimal(_ value: Double) -> Double {
        (value * 10).rounded() / 10
    }
}
