/// A global counter bumped from many tasks at once: `+=` on a `nonisolated(unsafe) var` is a read and a
/// write, and two tasks interleaving them lose an update.
nonisolated(unsafe) public var hits = 0

public func recordHit() { hits += 1 }
