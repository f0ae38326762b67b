extension RunScheduler {
    /// Why each test stopped, in the words the terminal and `report.json` use.
    func stopReason(group: Int, id: String) -> String? { stopDecision(group: group, id: id)?.sentence }
}
