import ConcurrencyStrategies

let samplePosts = [
    Post(id: 1, title: "Continuations"),
    Post(id: 2, title: "Clocks"),
    Post(id: 3, title: "Task-locals"),
]

import Foundation
import Synchronization

/// Fixed instants for the seam tests (all UTC).
enum Instants {
    static let june2029 = Date(timeIntervalSince1970: 1_874_966_400)    // 2029-06-01
    static let january2030 = Date(timeIntervalSince1970: 1_893_456_000) // 2030-01-01
    static let june2030 = Date(timeIntervalSince1970: 1_906_502_400)    // 2030-06-01
}

/// A settable "now" that a `@Sendable` seam closure can read (XCTestCase itself isn't Sendable).
final class FakeNow: Sendable {
    private let storage = Mutex(Date(timeIntervalSince1970: 0))

    var date: Date {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}
