import XCTest
@testable import PhotoSync

@MainActor
final class GalleryLoadTests: XCTestCase {
    func testShowsCachedPhotosAfterWarmup() async {
        let repository = SlowPhotoRepository(photos: .samples)
        let viewModel = GalleryViewModel(repository: repository)

        viewModel.startLoading()
        await repository.prepare()

        XCTAssertEqual(viewModel.photos, .samples)
        XCTAssertFalse(viewModel.isLoading)
    }

    func testLoadPopulatesPhotos() async throws {
        let viewModel = GalleryViewModel(
            repository: StubPhotoRepository(result: .success(.samples))
        )

        await viewModel.load()

        XCTAssertEqual(viewModel.photos, .samples)
        XCTAssertFalse(viewModel.isLoading)
        XCTAssertNil(viewModel.selected)

        // Give the logging backend a moment to flush before teardown.
        try await Task.sleep(for: .milliseconds(100))
    }

    nonisolated func testPhotoTitleFormatting() {
        XCTAssertEqual(Photo.beach.displayTitle, "Beach")
        XCTAssertEqual(Photo.sunset.displayTitle, "Sunset")
        XCTAssertEqual(Photo(id: "x", title: "   ").displayTitle, "Untitled")
    }
}
