import Foundation
import GatewayModel

/// The load cell under the bag-drop belt.
public protocol BagScale: Sendable {
    func readKilograms(for bag: Bag) -> Double
}

extension BagScale {
    public func isOverweight(_ bag: Bag, limitKg: Double = 23) -> Bool {
        readKilograms(for: bag) > limitKg
    }
}

public struct CalibratedScale: BagScale {
    public let tareKg: Double

    public init(tareKg: Double = 0) {
        self.tareKg = tareKg
    }

    public func readKilograms(for bag: Bag) -> Double {
        bag.weightKg + tareKg
    }
}

/// Self-service bag drop. The hardware SDK is callback based and runs on its own queue.
public final class BagDropStation: @unchecked Sendable {
    private let queue = DispatchQueue(label: "gateway.bagdrop")
    private let lock = NSLock()
    private let scale: BagScale
    private let destination: String
    private let beltCycle: DispatchTimeInterval

    private var loaded: Set<String> = []
    private var tags: [BagTag] = []
    private var nextTag = 1
    private var lastWeight: Double?
    private var tagHandler: (@Sendable (BagTag) -> Void)?

    public init(scale: BagScale = CalibratedScale(), destination: String, beltCycle: DispatchTimeInterval = .milliseconds(30)) {
        self.scale = scale
        self.destination = destination
        self.beltCycle = beltCycle
    }

    /// Called on the station queue whenever a tag comes out of the printer.
    public var onTagPrinted: (@Sendable (BagTag) -> Void)? {
        get { lock.lock(); defer { lock.unlock() }; return tagHandler }
        set { lock.lock(); tagHandler = newValue; lock.unlock() }
    }

    public func weigh(_ bag: Bag, completion: @escaping @Sendable (Double) -> Void) {
        queue.async { [self] in
            let kg = scale.readKilograms(for: bag)
            lock.lock(); lastWeight = kg; lock.unlock()
            completion(kg)
        }
    }

    public var lastWeighedKg: Double? {
        lock.lock(); defer { lock.unlock() }
        return lastWeight
    }

    /// Prints the tag for a bag; fire-and-forget from the kiosk UI.
    public func drop(_ bag: Bag) {
        let trace = CheckInContext.traceID
        queue.async { [self] in
            _ = printTag(for: bag, traceID: trace)
        }
    }

    /// Drops several bags and returns once every tag has printed.
    public func dropAll(_ bags: [Bag]) async -> [BagTag] {
        await withTaskGroup(of: BagTag.self) { group in
            for bag in bags {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        let trace = CheckInContext.traceID
                        self.queue.async {
                            continuation.resume(returning: self.printTag(for: bag, traceID: trace))
                        }
                    }
                }
            }
            var printed: [BagTag] = []
            for await tag in group {
                printed.append(tag)
            }
            return printed.sorted { $0.tagNumber < $1.tagNumber }
        }
    }

    /// Sends the bag down the belt; it reaches the make-up area after one belt cycle.
    public func loadOnBelt(_ bag: Bag) {
        queue.asyncAfter(deadline: .now() + beltCycle) { [self] in
            lock.lock(); loaded.insert(bag.id); lock.unlock()
        }
    }

    public func isLoaded(_ bagID: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return loaded.contains(bagID)
    }

    public var printedTags: [BagTag] {
        lock.lock(); defer { lock.unlock() }
        return tags
    }

    private func printTag(for bag: Bag, traceID: String?) -> BagTag {
        lock.lock()
        let tag = BagTag(
            bagID: bag.id,
            tagNumber: String(format: "0016%06d", nextTag),
            destination: destination,
            traceID: traceID
        )
        nextTag += 1
        tags.append(tag)
        let handler = tagHandler
        lock.unlock()
        handler?(tag)
        return tag
    }
}
