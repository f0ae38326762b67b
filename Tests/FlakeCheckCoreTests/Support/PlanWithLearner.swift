import FlakeCheckModel
import FlakeCheckRunner

/// A `--perturb` plan and `--hunt`'s learner side by side, as a session holds them (`RunConditions`): the
/// tests set the plan's fields and the learner, then draw runs' conditions.
@dynamicMemberLookup
struct PlanWithLearner {
    var plan: PerturbationPlan
    var arms: ConditionArms?

    init(_ plan: PerturbationPlan, arms: ConditionArms? = nil) {
        self.plan = plan
        self.arms = arms
    }

    subscript<Value>(dynamicMember keyPath: WritableKeyPath<PerturbationPlan, Value>) -> Value {
        get { plan[keyPath: keyPath] }
        set { plan[keyPath: keyPath] = newValue }
    }

    func conditions(forRun runIndex: Int) -> PerturbationConditions {
        RunConditions(plan: plan, learner: arms).conditions(forRun: runIndex)
    }
}
