import FlakeCheckModel

/// Where a session's runs get their `--perturb` conditions: the plan's rules and the session's learner,
/// which lives as long as the session and is no part of the plan. The run loop draws each run's conditions
/// once, into the run's job, and everything the run does reads them from there.
package struct RunConditions: Sendable {
    package let plan: PerturbationPlan
    /// `--hunt`'s learner: which arm each run is made under, learned from the failures so far.
    package let learner: ConditionArms?

    package init(plan: PerturbationPlan, learner: ConditionArms?) {
        self.plan = plan
        self.learner = learner
    }

    /// The learner the plan asks for, made now.
    package init(plan: PerturbationPlan) {
        self.init(plan: plan, learner: plan.learning?.makeLearner())
    }

    package func conditions(forRun runIndex: Int) -> PerturbationConditions {
        plan.conditions(forRun: runIndex, learner: learner)
    }
}
