extension TestFacts {
    /// What the failed evidence runs agree the test waited on before its check replaces the code's reading,
    /// which is kept beside it (`readHint`) when the two differ, as is the gate's place, read for the code's
    /// hint.
    mutating func adoptObservedHint() {
        guard let observed = runtimeEvidence?.observation?.hint.rawValue else { return }
        if observed != hint {
            readHint = hint
            hintGate = nil
        }
        hint = observed
        hintReadBy = "runtime"
    }
}
