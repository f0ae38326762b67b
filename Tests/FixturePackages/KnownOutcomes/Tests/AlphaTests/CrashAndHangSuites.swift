import Foundation
import Testing

@Suite struct CrashingSuite {  // Only run when selected by name.
    @Test func crashes() {
        fatalError("deliberate crash")
    }
}

@Suite struct HangingSuite {  // Only run when selected by name.
    @Test func hangs() {
        Thread.sleep(forTimeInterval: 3600)
    }
}
