import Testing
@testable import Lending

@Suite struct BookCacheTests {
    @Test func storeAndReadBack() async {
        let cache = BookCache()
        await cache.store(Book.samples)
        let book = await cache.book(id: "b1")
        #expect(book?.title == "Dune")
    }

    @Test func concurrentStoresWithTaskGroup() async {
        let cache = BookCache()
        await withTaskGroup(of: Void.self) { group in
            for i in 0..<20 {
                group.addTask { await cache.store([Book(id: "x\(i)", title: "Vol \(i)")]) }
            }
        }
        #expect(await cache.count == 20)
    }

    @Test func asyncLetReads() async {
        let cache = BookCache()
        await cache.store(Book.samples)
        async let first = cache.book(id: "b1")
        async let second = cache.book(id: "b2")
        let (a, b) = await (first, second)
        #expect(a != nil && b != nil)
        #expect(await cache.hits == 2)
    }

    @Test func detachedStoreIsVisible() async {
        let cache = BookCache()
        Task.detached { await cache.store(Book.samples) }
        let count = await cache.count
        #expect(count == 2)
    }

    @Test func detachedStoreValue() async {
        let cache = BookCache()
        let task = Task.detached { () -> Int in
            await cache.store(Book.samples)
            return await cache.count
        }
        let count = await task.value
        #expect(count == 2)
    }

    @Test func clearAfterYield() async {
        let cache = BookCache()
        await cache.store(Book.samples)
        Task { await cache.clear() }
        await Task.yield()
        #expect(await cache.count == 0)
    }
}
