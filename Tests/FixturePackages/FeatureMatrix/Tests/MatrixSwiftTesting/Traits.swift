// Traits: disabled, enabled(if: false), tags, bug, timeLimit; a known issue and a warning, which fail
// nothing; and a whole suite that is disabled.

import Foundation
import Testing

extension Tag {
    @Tag static var matrixFast: Self
}

@Suite struct Traits {
    @Test(.disabled("not today")) func disabled() {
        Issue.record("a disabled test ran")
    }

    @Test(.enabled(if: false)) func notEnabled() {
        Issue.record("a test enabled only if false ran")
    }

    @Test(.tags(.matrixFast)) func tagged() {
        #expect(Bool(true))
    }

    @Test(.bug("https://example.com/1")) func withBug() {
        #expect(Bool(true))
    }

    @Test(.timeLimit(.minutes(1))) func limited() {
        #expect(Bool(true))
    }

    @Test func knownIssue() {
        withKnownIssue {
            #expect(Bool(false), "known to fail")
        }
    }

    @Test func warning() {
        Issue.record("just a warning", severity: .warning)
    }
}

@Suite(.disabled("whole suite off")) struct DisabledSuite {
    @Test func insideDisabledSuite() {
        Issue.record("a test of a disabled suite ran")
    }
}
