extension ReceiptService {
    func audit(_ message: String) {
        auditContinuation.yield(message)
    }

    public func closeAudit() {
        auditContinuation.finish()
    }
}
