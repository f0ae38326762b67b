import Inbox

/// Polls `condition` until it holds, a millisecond at a time, for at most a second.
func eventually(_ condition: @MainActor () -> Bool) async {
    for _ in 0..<1_000 {
        if await condition() { return }
        try? await Task.sleep(for: .milliseconds(1))
    }
}

extension Inbox {
    /// Lets background work catch up.
    func settle() async {
        for _ in 0..<3 { await Task.yield() }
    }
}
