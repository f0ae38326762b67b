import Foundation

/// Where a command writes. Injected, so command tests run in-process and read what a user would see.
package protocol TextOutput: AnyObject, Sendable {
    func write(_ text: String)
}

/// Standard output or standard error of this process.
package final class FileDescriptorOutput: TextOutput, @unchecked Sendable {
    private let handle: FileHandle
    private let lock = NSLock()

    package init(_ handle: FileHandle) { self.handle = handle }

    package func write(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        try? handle.write(contentsOf: Data(text.utf8))
    }
}

/// Collects text in memory, for tests.
package final class CapturedOutput: TextOutput, @unchecked Sendable {
    private let lock = NSLock()
    private var storage = ""

    package init() {}

    package func write(_ text: String) {
        lock.lock()
        storage += text
        lock.unlock()
    }

    package var text: String {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
