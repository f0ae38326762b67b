import MatrixSupport
import Testing

struct CustomError: Error {}

extension Tag {
    @Tag static var fast: Self
}

@Suite struct Plain {
    @Test func passes() {
        #expect(1 + 1 == 2)
    }

    @Test func fails() {
        #expect(1 == 2, "always fails")
    }

    @Test func throwsError() throws {
        throw CustomError()
    }

    @Test func everyFourthRunFails() {
        #expect(!RunNumber.isEveryFourth(), "every fourth run fails")
    }

    @Test func requireNil() throws {
        let value: Int? = nil
        _ = try #require(value)
    }
}

@Suite struct Params {
    @Test(arguments: [1, 2, 3]) func isSmall(_ value: Int) {
        #expect(value < 3)
    }

    @Test(arguments: [1, 2], ["a", "b"]) func pairs(_ number: Int, _ letter: String) {
        #expect(number > 0 && !letter.isEmpty)
    }
}

@Suite struct Raw {
    @Test func `adds two numbers`() {
        #expect(2 + 2 == 4)
    }

    @Test func `value (x+1) * [2]`() {
        #expect(Bool(true))
    }
}

@Suite("A suite with a display name") struct Named {
    @Test("A display name with \"quotes\"") func displayNamed() {
        #expect(Bool(true))
    }
}

@Suite struct Outer {
    @Suite struct Inner {
        @Test func innerPasses() {
            #expect(Bool(true))
        }

        @Test func innerFails() {
            #expect(Bool(false), "inner fails")
        }
    }
}

@Suite(.serialized) struct Serial {
    @Test func one() {}
    @Test func two() {}
    @Test func three() {}
}

@Suite struct Traits {
    @Test(.disabled("not today")) func disabled() {}

    @Test(.enabled(if: false)) func notEnabled() {}

    @Test(.tags(.fast)) func tagged() {}

    @Test(.bug("https://example.com/issues/1")) func withBug() {}

    @Test(.timeLimit(.minutes(1))) func limited() async {}

    @Test func knownIssue() {
        withKnownIssue {
            #expect(Bool(false))
        }
    }

    @Test func warning() {
        Issue.record("just a warning", severity: .warning)
    }
}

@Suite struct Confirmations {
    @Test func confirmed() async {
        await confirmation { done in
            done()
        }
    }

    @Test func notConfirmedEnough() async {
        await confirmation(expectedCount: 2) { done in
            done()
        }
    }
}
