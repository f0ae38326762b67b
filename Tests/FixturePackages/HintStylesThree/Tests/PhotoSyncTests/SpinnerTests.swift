import XCTest
@testable import PhotoSync

// Different people on the team wrote the "spinner" test for the gallery over
// the years; each class reflects a different approach.

@MainActor
final class SpinnerYieldTests: XCTestCase {
    func testShowsSpinnerWhileLoading() async {
        let repository = GatedPhotoRepository(photos: .samples)
        let viewModel = GalleryViewModel(repository: repository)

        viewModel.startLoading()
        await Task.yield()

        XCTAssertTrue(viewModel.isLoading)
        XCTAssertTrue(viewModel.photos.isEmpty)
        await repository.release()
    }
}

@MainActor
final class SpinnerPollingTests: XCTestCase {
    func testShowsSpinnerWhileLoading() async throws {
        let repository = GatedPhotoRepository(photos: .samples)
        let viewModel = GalleryViewModel(repository: repository)

        viewModel.startLoading()
        try await eventually { await viewModel.isLoading }

        XCTAssertTrue(viewModel.isLoading)
        await repository.release()
        try await eventually { await !viewModel.isLoading }
        XCTAssertEqual(viewModel.photos, .samples)
    }
}

@MainActor
final class SpinnerExpectationTests: XCTestCase {
    func testShowsSpinnerWhileLoading() async {
        let fetchStarted = expectation(description: "repository fetch started")
        let repository = GatedPhotoRepository(photos: .samples, onFetch: {
            fetchStarted.fulfill()
        })
        let viewModel = GalleryViewModel(repository: repository)

        viewModel.startLoading()
        await fulfillment(of: [fetchStarted], timeout: 1)

        XCTAssertTrue(viewModel.isLoading)
        await repository.release()
    }
}

@MainActor
final class SpinnerGateTests: XCTestCase {
    func testShowsSpinnerWhileLoading() async {
        let repository = GatedPhotoRepository(photos: .samples)
        let viewModel = GalleryViewModel(repository: repository)

        viewModel.startLoading()
        await repository.prepare()

        XCTAssertTrue(viewModel.isLoading)
        XCTAssertNil(viewModel.errorMessage)
        await repository.release()
    }
}

@MainActor
final class SpinnerImmediateTests: XCTestCase {
    func testShowsSpinnerWhileLoading() async {
        let viewModel = GalleryViewModel(
            repository: StubPhotoRepository(result: .success(.samples))
        )

        viewModel.startLoading()

        XCTAssertTrue(viewModel.isLoading)
    }
}
