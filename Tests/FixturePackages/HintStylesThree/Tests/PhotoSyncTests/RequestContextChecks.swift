import Testing
@testable import PhotoSync

@Suite struct RequestHeaderChecks {
    let builder = RequestBuilder()

    @Test func includesUserHeader() async {
        await RequestContext.$userID.withValue("u-42") {
            let request = await builder.makeRequest("photos")
            #expect(request.headers["X-User-ID"] == "u-42")
        }
    }

    @Test(.signedIn(as: "trait-user"))
    func traitSuppliesUser() async {
        let request = await builder.makeRequest("albums")

        #expect(request.headers["X-User-ID"] == "trait-user")
        #expect(request.path == "/v2/albums")
    }
}
