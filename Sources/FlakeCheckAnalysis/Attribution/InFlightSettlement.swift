
/// What the tests still running when a process's output ended get: the one rule that `run`
/// (`InvocationAnalysis`, for every process and mode) and saved logs (`SavedLogAnalysis`) both follow.
///
/// - The process ended normally (its exit status and its library's summary): their results were lost.
///   None counts, and an incident says so.
/// - It died (a signal, a timeout, no summary) with one test running: that test did it.
/// - It died with several running: nobody can tell which one did it. They are suspects: `run` runs each
///   again alone and blames the one that does it again; a saved log cannot, so none of them gets an
///   outcome and one incident names them all.
enum InFlightSettlement: Equatable {
    case lost
    case blame
    case suspects

    static func settle(running: Int, endedNormally: Bool) -> InFlightSettlement? {
        guard running > 0 else { return nil }
        if endedNormally { return .lost }
        return running == 1 ? .blame : .suspects
    }
}
