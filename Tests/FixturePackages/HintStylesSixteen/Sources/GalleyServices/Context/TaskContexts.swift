import GalleyModel

/// Which service period the current work belongs to. Bound by the shift runner
/// so every ledger entry is attributed to the right shift.
public enum ShiftContext {
    @TaskLocal public static var current: Shift = .lunch
}

/// Per-venue receipt settings, bound around printing work.
public enum ReceiptContext {
    @TaskLocal public static var currencyCode: String = "USD"
}
