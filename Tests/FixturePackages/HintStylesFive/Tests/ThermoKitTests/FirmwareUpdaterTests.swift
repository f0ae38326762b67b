import Testing
@testable import ThermoKit

@Suite("Firmware updates")
struct FirmwareUpdaterTests {
    @Test func assemblesChunksInOrder() async throws {
        let fake = FakeFirmwareSource(chunks: [[0x01, 0x02], [0x03], [0x04, 0x05]], perChunkDelay: .milliseconds(5))
        let updater = FirmwareUpdater(source: fake.source())

        let image = try await updater.download()

        #expect(image == [0x01, 0x02, 0x03, 0x04, 0x05])
        #expect(fake.fetchedIndices == [0, 1, 2])
        #expect(await updater.phase == .done)
    }

    @Test func parallelDownloadsWithAsyncLet() async throws {
        let primary = FakeFirmwareSource(chunks: [[0xA0], [0xA1]])
        let secondary = FakeFirmwareSource(chunks: [[0xB0]])
        let first = FirmwareUpdater(source: primary.source())
        let second = FirmwareUpdater(source: secondary.source())

        async let imageA = first.download()
        async let imageB = second.download()
        let (a, b) = try await (imageA, imageB)

        #expect(a == [0xA0, 0xA1])
        #expect(b == [0xB0])
    }

    @Test func cancellationReachesUpdater() async {
        let fake = FakeFirmwareSource(chunks: Array(repeating: [0x00], count: 8), perChunkDelay: .seconds(5))
        let updater = FirmwareUpdater(source: fake.source())

        let download = Task { try await updater.download() }
        download.cancel()
        let result = await download.result

        #expect(throws: CancellationError.self) { try result.get() }
        #expect(updater.wasCancelled)
    }
}
