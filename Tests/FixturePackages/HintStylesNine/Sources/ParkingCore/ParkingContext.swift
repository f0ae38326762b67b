/// Ambient values that flow through a request without being threaded through
/// every initializer. Set by the app shell (or by tests) with `withValue`.
public enum ParkingContext {
    /// The attendant or kiosk operator acting on behalf of a driver, if any.
    @TaskLocal public static var operatorID: String?

    /// Pricing region; decides currency and tariff table.
    @TaskLocal public static var region: Region = .us

    /// Demo builds show synthetic availability instead of hitting the backend.
    @TaskLocal public static var isDemoMode: Bool = false
}
