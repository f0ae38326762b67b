import Testing
@testable import PhotoSync

@Suite struct AlbumChecks {
    @Test func loadsTwoAlbumsConcurrently() async throws {
        let service = AlbumService(fetcher: StubAlbumFetcher(albums: [
            "summer": [.beach, .sunset],
            "pets": [.dog],
        ]))

        async let summer = service.album("summer")
        async let pets = service.album("pets")
        let (summerAlbum, petsAlbum) = try await (summer, pets)

        #expect(summerAlbum.photos.count == 2)
        #expect(petsAlbum.photos == [.dog])
        #expect(await service.cachedCount() == 2)
    }
}

@MainActor
@Suite struct GallerySelectionChecks {
    @Test func showsPhotosAfterBackgroundLoad() async {
        let viewModel = GalleryViewModel(
            repository: StubPhotoRepository(result: .success(.samples))
        )

        viewModel.startLoading()
        await Task.megaYield()

        #expect(viewModel.photos == .samples)
        #expect(!viewModel.isLoading)
    }
}
