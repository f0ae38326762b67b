import XCTest
@testable import PhotoSync

final class ThumbnailTests: XCTestCase {
    func testRendererSignalsWhenDone() async {
        let rendered = AsyncSignal()
        let renderer = ThumbnailRenderer(onRendered: { _ in rendered.fire() })

        renderer.renderInBackground(.dog)
        await rendered.wait()

        let cached = await renderer.cache.contains("p2")
        XCTAssertTrue(cached)
    }
}

final class ShareTests: XCTestCase {
    func testSharingNotifiesFriends() async {
        let notifier = MockNotifier()
        let service = ShareService(notifier: notifier)

        service.share(.beach, with: ["ana", "bo"])

        let sent = await notifier.recorder.messages
        XCTAssertEqual(sent.sorted(), ["ana: Beach", "bo: Beach"])
    }
}
