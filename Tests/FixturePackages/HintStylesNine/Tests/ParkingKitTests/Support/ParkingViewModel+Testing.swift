import ParkingKit

extension ParkingViewModel {
    /// Spins until the screen has finished its current load.
    func waitUntilSettled(maxTurns: Int = 200) async {
        var turns = 0
        while turns < maxTurns, state == .idle || state == .loading {
            await Task.yield()
            turns += 1
        }
    }
}
