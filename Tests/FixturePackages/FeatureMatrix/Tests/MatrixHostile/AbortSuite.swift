// (c) abort() on every fourth claim (counter `MatrixHostile.AbortSuite.abortOneInFour`), while the
// bystanders (Bystanders.swift, other suites) sleep and are in flight; passes otherwise. The short wait
// before the abort only makes it likelier that bystanders are running; no outcome depends on it.

import Foundation
import MatrixSupport
import Testing

@Suite struct AbortSuite {
    @Test func abortOneInFour() async throws {
        let run = RunCounter.isFourthRun("MatrixHostile.AbortSuite.abortOneInFour")
        try await Task.sleep(for: .milliseconds(30))
        if run.fails {
            writeRaw("aborting on claim \(run.number)\n")
            abort()
        }
        #expect(run.number > 0)
    }
}
