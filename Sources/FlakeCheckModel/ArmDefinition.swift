/// One arm's row (`ConditionArm.definition`): its family, its label in the rates, the hook's delay mode
/// it runs, what a session needs to make it, and whether a run of it holds every worker.
package struct ArmDefinition: Sendable, Equatable {
    /// What a session must have for an arm to be drawn.
    package struct Needs: OptionSet, Sendable, Hashable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }

        /// The scheduler hook library is preloaded into the test processes (Linux, not `--mode swift-test`).
        package static let hookLibrary = Needs(rawValue: 1 << 0)
        /// Test processes can be pinned to fewer CPUs, and there is more than one.
        package static let pinnedCPUs = Needs(rawValue: 1 << 1)
        /// Several workers, so a run can have the machine to itself.
        package static let severalWorkers = Needs(rawValue: 1 << 2)
        /// Each run is a process of its own (process mode, not in-process batches).
        package static let ownProcess = Needs(rawValue: 1 << 3)
        /// `--shorten-sleeps`.
        package static let shortenSleeps = Needs(rawValue: 1 << 4)
        /// `--perturb-noise`.
        package static let noise = Needs(rawValue: 1 << 5)
    }

    package var family: ConditionArm.Family
    /// Its label in the rates per condition (`tests[].conditionRates`) and in the `again:` line.
    package var label: String
    /// The hook library's delay mode its runs use; nil for arms without delays.
    package var delayMode: PerturbationConditions.DelayMode? = nil
    package var needs: Needs = []
    /// A run of it holds every worker's slot: a run alone (the others wait), or one beside flakecheck's busy
    /// threads (they take every CPU).
    package var holdsEveryWorker = false
    /// The option without which a session cannot draw it: with `--perturb-seed`, what repeats the session's
    /// draws (`ConditionArm.seedFlags`).
    package var option: String? = nil
}
