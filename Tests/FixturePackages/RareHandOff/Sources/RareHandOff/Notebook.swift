/// The inbox's race with every hop on Swift's own executors: `jot` hands the note to a task nobody
/// awaits, which carries it through one default actor and files it on another. A caller that checks
/// `shelf.notes` has no way to know when that happened.
@MainActor public final class Notebook {
    public let shelf = Shelf()
    /// Bookkeeping of its own, which the hand-off never touches.
    public let ledger = Ledger()
    let courier = Courier()

    public init() {}

    /// Fire and forget: the task runs after the caller has moved on.
    public nonisolated func jot(_ note: String) {
        let courier = courier, shelf = shelf
        Task {
            let key = await courier.carry(note)
            await shelf.put(key)
        }
    }

    /// The gated version: the same hops, awaited.
    public func jotAndWait(_ note: String) async {
        let key = await courier.carry(note)
        await shelf.put(key)
    }
}

public actor Courier {
    func carry(_ note: String) -> String { note.uppercased() }
}

public actor Shelf {
    public private(set) var notes: [String] = []
    func put(_ note: String) { notes.append(note) }
}
