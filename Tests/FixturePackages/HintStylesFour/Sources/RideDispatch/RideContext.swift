/// Ambient request metadata carried through a dispatch call.
public enum RideContext {
    /// Service region the current request is scoped to. `"citywide"` disables filtering.
    @TaskLocal public static var region: String = "citywide"
}
