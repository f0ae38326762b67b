import Foundation
import Ledger
import Testing
import XCTest

/// Two threads write the unchecked global with nothing ordering them: ThreadSanitizer reports the race in
/// every run (it follows happens-before, not timing), and the test itself passes.
final class UncheckedGlobalTests: XCTestCase {
    func testTwoThreadsCount() {
        let done = DispatchGroup()
        for _ in 0..<2 {
            done.enter()
            Thread.detachNewThread { Ledger.count(); done.leave() }
        }
        done.wait()
        XCTAssertGreaterThan(tally, 0)
    }
}

/// The same two threads through a lock: no report, ever.
final class LockedTallyTests: XCTestCase {
    func testTwoThreadsCountUnderALock() {
        let ledger = LockedTally()
        let done = DispatchGroup()
        for _ in 0..<2 {
            done.enter()
            Thread.detachNewThread { ledger.count(); done.leave() }
        }
        done.wait()
        XCTAssertEqual(ledger.value, 2)
    }
}

/// Four threads count under one contended `Mutex`: no race, and no report with the support library.
final class MutexTallyTests: XCTestCase {
    func testFourThreadsCountUnderAMutex() {
        let tally = MutexTally()
        let done = DispatchGroup()
        for _ in 0..<4 {
            done.enter()
            Thread.detachNewThread {
                for _ in 0..<10_000 { tally.count() }
                done.leave()
            }
        }
        done.wait()
        XCTAssertEqual(tally.value, 40_000)
    }
}

/// A Swift Testing test that touches nothing shared.
@Test func arithmeticStaysArithmetic() {
    #expect(2 + 2 == 4)
}
