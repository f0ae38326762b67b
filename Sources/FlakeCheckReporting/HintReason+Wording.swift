import FlakeCheckModel

/// What decided a test's hint, in words: the line, and the helpers from it to the wait.
extension TestSummary {
    package var hintReasonSentence: String? {
        guard let hint, let reason = hintReason else { return nil }
        let through = reason.chain.map { " (through " + $0.joined(separator: " → ") + ")" } ?? ""
        return "\(hint), decided at \(reason.location)\(through)"
    }
}
