import Foundation

public struct FirmwareSource: Sendable {
    public var chunkCount: @Sendable () async throws -> Int
    public var fetchChunk: @Sendable (Int) async throws -> [UInt8]

    public init(
        chunkCount: @escaping @Sendable () async throws -> Int,
        fetchChunk: @escaping @Sendable (Int) async throws -> [UInt8]
    ) {
        self.chunkCount = chunkCount
        self.fetchChunk = fetchChunk
    }
}

public enum UpdatePhase: Sendable, Equatable {
    case idle
    case downloading(completed: Int, of: Int)
    case done
    case failed
}

final class CancelMarker: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false

    func set() {
        lock.lock(); flag = true; lock.unlock()
    }

    var isSet: Bool {
        lock.lock(); defer { lock.unlock() }
        return flag
    }
}

public actor FirmwareUpdater {
    private let source: FirmwareSource
    private let marker = CancelMarker()
    public private(set) var phase: UpdatePhase = .idle

    public init(source: FirmwareSource) {
        self.source = source
    }

    public nonisolated var wasCancelled: Bool { marker.isSet }

    public func download() async throws -> [UInt8] {
        let source = self.source
        let marker = self.marker
        let total = try await source.chunkCount()
        phase = .downloading(completed: 0, of: total)
        do {
            let image = try await withTaskCancellationHandler {
                try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
                    for index in 0..<total {
                        group.addTask { (index, try await source.fetchChunk(index)) }
                    }
                    var parts = Array(repeating: [UInt8](), count: total)
                    var completed = 0
                    for try await (index, bytes) in group {
                        parts[index] = bytes
                        completed += 1
                        self.phase = .downloading(completed: completed, of: total)
                    }
                    return parts.flatMap { $0 }
                }
            } onCancel: {
                marker.set()
            }
            phase = .done
            return image
        } catch {
            phase = .failed
            throw error
        }
    }
}
