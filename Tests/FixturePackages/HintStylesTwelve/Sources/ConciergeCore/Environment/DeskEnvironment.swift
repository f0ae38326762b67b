import Foundation

/// How services perform side effects such as sending messages or paging staff.
public enum SideEffectMode: Sendable, Equatable {
    /// Fire and forget; the caller continues immediately (production default).
    case background
    /// Perform the side effect before returning to the caller (used by batch jobs and the night audit).
    case inline
}

/// Values scoped to the current front-desk operation.
public enum DeskEnvironment {
    @TaskLocal public static var sideEffects: SideEffectMode = .background
    @TaskLocal public static var operatorID: String = "system"
}
