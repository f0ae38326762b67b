import Foundation
import PawModel

/// Pulls a pet's refillable prescriptions so the counter has them ready when the visit ends.
public struct RefillPrefetcher: Sendable {
    private let cache: RefillCache

    public init(cache: RefillCache) {
        self.cache = cache
    }

    public func prefetchRefills(for petID: PetID) {
        cache.warm(for: petID)
    }
}
