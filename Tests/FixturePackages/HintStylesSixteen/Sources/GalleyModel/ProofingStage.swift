public enum ProofingStage: String, Sendable, Hashable {
    case resting
    case shaping
    case proofing
    case readyToBake
}
