public enum Shift: String, Sendable, Hashable, CaseIterable {
    case breakfast
    case brunch
    case lunch
    case dinner
    case lateNight
}
