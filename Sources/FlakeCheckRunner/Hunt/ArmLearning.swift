import FlakeCheckModel

/// What `--hunt`'s learner starts from, as the command validated it: the arms it may choose, its seed, and
/// the tests of an earlier report (`--learn-from`). A value in the plan; the learner that grows from it
/// (`ConditionArms`) is the session's.
package struct ArmLearning: Equatable, Sendable {
    package var arms: Set<ConditionArm>
    package var seed: UInt64
    /// `--learn-from`: the earlier report's tests, whose rates per arm the learner starts with.
    package var earlier: [TestSummary]

    package init(arms: Set<ConditionArm>, seed: UInt64, earlier: [TestSummary] = []) {
        self.arms = arms
        self.seed = seed
        self.earlier = earlier
    }

    /// A learner for one session.
    func makeLearner() -> ConditionArms {
        let learner = ConditionArms(arms: arms, seed: seed)
        if !earlier.isEmpty { learner.start(from: earlier) }
        return learner
    }
}
