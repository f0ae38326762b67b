import Foundation

/// Gives background kitchen work a moment before looking at the result.
func waitBriefly(milliseconds: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
            continuation.resume()
        }
    }
}

func yieldTimes(_ count: Int) async {
    for _ in 0..<count {
        await Task.yield()
    }
}

/// The pager hops through two actors; let them take a turn.
func letPagerSettle() async {
    await yieldTimes(3)
}

enum KitchenPump {
    /// Lets queued kitchen tasks take a turn on the cooperative pool.
    static func turnOver() async {
        for _ in 0..<5 {
            await Task.yield()
        }
    }
}
