import XCTest
@testable import Lending

@MainActor
final class BorrowViewModelTests: XCTestCase {
    func testBorrowRetriesThenSucceeds() async {
        let repo = FakeLoanRepository(failuresBeforeSuccess: 2)
        let delays = Locked<[Duration]>([])
        let vm = BorrowViewModel(repository: repo, sleep: { d in delays.withLock { $0.append(d) } })
        await vm.borrow(bookID: "b1")
        XCTAssertEqual(vm.status, "borrowed")
        XCTAssertEqual(vm.attempts, 3)
        XCTAssertEqual(delays.current, [.milliseconds(100), .milliseconds(200)])
    }

    func testBorrowUsesMemberFromContext() async {
        let vm = BorrowViewModel(repository: FakeLoanRepository(), sleep: { _ in })
        await LendingContext.$memberID.withValue("m-42") {
            await vm.borrow(bookID: "b2")
        }
        XCTAssertEqual(vm.loan?.memberID, "m-42")
    }

    func testBorrowWaitsOnSlowRepository() async {
        let repo = FakeLoanRepository(delay: .milliseconds(30))
        let vm = BorrowViewModel(repository: repo, sleep: { _ in })
        await vm.borrow(bookID: "b1")
        XCTAssertEqual(vm.loan?.bookID, "b1")
        XCTAssertEqual(repo.borrowCalls, 1)
    }

    func testBorrowStatusAfterFailure() async throws {
        let repo = FakeLoanRepository(failuresBeforeSuccess: 99)
        let vm = BorrowViewModel(repository: repo, maxAttempts: 2, sleep: { _ in })
        await vm.borrow(bookID: "b1")
        XCTAssertEqual(vm.status, "failed")
        XCTAssertNil(vm.loan)
        try await Task.sleep(for: .milliseconds(20))
    }
}

@MainActor
final class ReturnViewModelTests: XCTestCase {
    func testConfirmingReturnCallsRepository() async {
        let repo = FakeLoanRepository()
        let vm = ReturnViewModel(repository: repo)
        let task = Task { await vm.requestReturn(bookID: "b1") }
        await yieldTimes()
        XCTAssertTrue(vm.isConfirmationPresented)
        vm.confirm(true)
        await task.value
        XCTAssertEqual(repo.returnedIDs, ["b1"])
    }

    func testCancellingReturnSkipsRepository() async {
        let repo = FakeLoanRepository()
        let vm = ReturnViewModel(repository: repo)
        Task { await vm.requestReturn(bookID: "b2") }
        XCTAssertTrue(repo.returnedIDs.isEmpty)
        vm.confirm(false)
    }
}
