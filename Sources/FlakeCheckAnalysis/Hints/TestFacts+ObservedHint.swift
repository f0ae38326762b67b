
extension TestFacts {
    /// What the failed evidence runs agree the test waited on before its check: when it is the code's reading,
    /// the hint is said to be observed; it replaces a reading of no wait (`none`), of `unknown`, or of a hazard,
    /// which is then kept beside it (`readHint`), as the gate's place is dropped. A gated reading stays:
    /// a clock's advance shows at run time as yields, a task-local scope as nothing, and a test isolated to an
    /// actor of its own is woken through that actor's queue, which the recorder does not see. But a wait read
    /// as a continuation's gate that a timer was seen resuming is a sleep (issue #54): what resumed the wait
    /// decides its kind.
    package mutating func adoptObservedHint() {
        let replaceable: [SynchronisationHint?] = [
            nil, SynchronisationHint.none, .unknown, .yieldGated, .sleepGated,
            .unstructuredTask,
        ]
        let read = hint.flatMap(SynchronisationHint.init(rawValue:))
        guard let observation = runtimeEvidence?.observation else { return }
        let observed = observation.hint.rawValue
        let timerBehindGate = observation.byTimer && read == .continuationGated
        guard observed == hint || replaceable.contains(read) || timerBehindGate else { return }
        if observed != hint {
            readHint = hint
            hintGate = nil
            hintReason = nil
        }
        hint = observed
        hintReadBy = .runtime
    }
}
