import Downloads
import Testing

@MainActor @Suite struct Checks {
    @Test func awaitsTheWholeLoadThenSleeps() async throws {
        let model = DownloadModel(client: FakeClient())
        await model.load()
        #expect(model.progress == 100)
        try await Task.sleep(for: .milliseconds(1))
    }

    @Test func firesAndChecks() {
        let model = DownloadModel(client: FakeClient())
        model.refresh()
        #expect(model.progress >= 0)
    }

    @Test func scopedUser() {
        Session.$user.withValue("ada") {
            #expect(Session.user == "ada")
        }
    }

    @Test func helperWaitsOnContinuation() async {
        let model = DownloadModel(client: FakeClient())
        await Gate.open(for: model)
        #expect(model.isBusy)
    }
}
