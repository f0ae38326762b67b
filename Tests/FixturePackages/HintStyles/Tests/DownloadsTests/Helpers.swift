import Downloads

/// Lets other tasks run a few times.
func settle() async {
    for _ in 0..<3 { await Task.yield() }
}

enum Gate {
    /// Waits until the model reports that it started.
    @MainActor static func open(for model: DownloadModel) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            model.onStarted = { continuation.resume() }
            model.start()
        }
    }
}
