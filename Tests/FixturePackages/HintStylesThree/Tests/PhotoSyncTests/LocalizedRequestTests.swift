import XCTest
@testable import PhotoSync

/// Every test in this class runs with a French locale bound.
final class LocalizedRequestTests: XCTestCase {
    override func invokeTest() {
        RequestContext.$locale.withValue("fr-FR") {
            super.invokeTest()
        }
    }

    func testAcceptLanguageUsesScopedLocale() {
        let builder = RequestBuilder()

        XCTAssertEqual(builder.acceptLanguage(), "fr-FR")
    }

    func testPathIsVersioned() {
        let builder = RequestBuilder(apiVersion: 3)

        XCTAssertEqual(builder.path(for: "albums"), "/v3/albums")
    }
}
