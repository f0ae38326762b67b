import Testing
import UncheckedGlobals

/// Two child tasks count a thousand hits each into the unchecked global: a lost update leaves fewer.
@Test func twoTasksCountEveryHit() async {
    hits = 0
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<2 { group.addTask { for _ in 0..<1_000 { recordHit() } } }
    }
    #expect(hits == 2_000)
}
