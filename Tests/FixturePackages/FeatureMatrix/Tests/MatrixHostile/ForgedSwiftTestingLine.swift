// (g) Prints a Swift Testing console pass line for `sameName()` (SameNameTwo's always fails) and passes.
// flakecheck run reads Swift Testing results from the event stream, which printed text cannot forge.

import MatrixSupport
import Testing

@Suite struct ForgedLineSuite {
    @Test func printsForgedSameNamePass() {
        writeRaw("\u{2714} Test sameName() passed after 0.001 seconds.\n")
        #expect(Bool(true))
    }
}
