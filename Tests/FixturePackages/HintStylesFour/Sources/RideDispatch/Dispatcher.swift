public actor Dispatcher {
    private let locator: any DriverLocating
    private let notifier: any RiderNotifying
    private let scheduler: any Scheduler
    private let graceWindow: Duration

    public private(set) var committed: [Assignment] = []
    private var reservedDrivers: Set<String> = []

    public init(
        locator: any DriverLocating,
        notifier: any RiderNotifying = SilentNotifier(),
        scheduler: any Scheduler = SystemScheduler(),
        graceWindow: Duration = .zero
    ) {
        self.locator = locator
        self.notifier = notifier
        self.scheduler = scheduler
        self.graceWindow = graceWindow
    }

    /// Matches the request to the nearest free driver in the ambient region.
    /// When a grace window is configured the match is held (so the rider may
    /// back out) before being committed.
    public func requestRide(_ request: RideRequest) async throws -> Assignment {
        notifier.notify(.searching(riderID: request.riderID))
        let region = RideContext.region
        let candidates = try await locator.drivers(near: request.pickup)
            .filter { region == "citywide" || $0.region == region }
            .filter { !reservedDrivers.contains($0.id) }

        guard let nearest = candidates.min(by: {
            $0.position.distance(to: request.pickup) < $1.position.distance(to: request.pickup)
        }) else {
            throw DispatchError.noDriversAvailable
        }
        reservedDrivers.insert(nearest.id)

        if graceWindow > .zero {
            try await scheduler.sleep(for: graceWindow)
        }

        let assignment = Assignment(request: request, driverID: nearest.id)
        committed.append(assignment)
        notifier.notify(.driverAssigned(riderID: request.riderID, driverID: nearest.id))
        return assignment
    }

    public func release(driverID: String) {
        reservedDrivers.remove(driverID)
    }
}
