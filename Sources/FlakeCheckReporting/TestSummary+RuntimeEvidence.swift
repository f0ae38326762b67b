import FlakeCheckModel

extension TestSummary {
    /// What the evidence runs showed, said with the test's hint and, where the runs replaced it, the code's
    /// reading (`RuntimeEvidence.sentence`); nil without evidence. Every report says the same.
    var runtimeEvidenceSentence: String? {
        runtimeEvidence?.sentence(hint: hint, readHint: readHint)
    }
}
