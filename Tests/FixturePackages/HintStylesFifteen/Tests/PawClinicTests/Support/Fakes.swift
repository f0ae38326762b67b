import Foundation
import PawModel
import PawServices

/// Records every message and optionally reports each delivery to the test.
final class RecordingNotifier: ClientNotifier, @unchecked Sendable {
    private let sent = Locked<[ClientMessage]>([])
    private let onDeliver: (@Sendable (ClientMessage) -> Void)?

    init(onDeliver: (@Sendable (ClientMessage) -> Void)? = nil) {
        self.onDeliver = onDeliver
    }

    func deliver(_ message: ClientMessage) async throws {
        sent.withLock { $0.append(message) }
        onDeliver?(message)
    }

    var delivered: [ClientMessage] {
        sent.snapshot
    }
}

/// A pharmacy intake that takes a few milliseconds per order, like the real SOAP endpoint.
actor RecordingPharmacyGateway: PharmacyGateway {
    private var received: [RefillRequestID] = []
    private let latency: Duration

    init(latency: Duration = .milliseconds(10)) {
        self.latency = latency
    }

    func transmit(_ request: RefillRequest) async {
        try? await Task.sleep(for: latency)
        received.append(request.id)
    }

    var transmittedIDs: [RefillRequestID] { received }
}

struct StubLabClient: LabClient {
    var results: [LabOrderID: LabResult] = [:]
    var pending: [LabOrder] = []

    func fetchResult(for orderID: LabOrderID) async throws -> LabResult? {
        results[orderID]
    }

    func pendingOrders() async -> [LabOrder] {
        pending
    }
}

struct ClosurePager: OnCallPager {
    let onPage: @Sendable (PageMessage) -> Void

    func page(_ message: PageMessage) async {
        onPage(message)
    }
}

/// Everything behind the pharmacy counter, wired the way the app wires it.
struct PharmacyRig {
    let formulary: Formulary
    let gateway: RecordingPharmacyGateway
    let outbox: RefillOutbox
    let coordinator: RefillCoordinator
    let reviewer: PharmacistReviewDesk
    let desk: PharmacyDesk

    static func stocked(with prescriptions: [Prescription]) async -> PharmacyRig {
        let formulary = Formulary()
        for prescription in prescriptions {
            await formulary.add(prescription)
        }
        let gateway = RecordingPharmacyGateway()
        let outbox = RefillOutbox(gateway: gateway)
        let coordinator = RefillCoordinator(formulary: formulary, outbox: outbox, now: { Fixtures.referenceDate })
        let reviewer = PharmacistReviewDesk()
        return PharmacyRig(
            formulary: formulary,
            gateway: gateway,
            outbox: outbox,
            coordinator: coordinator,
            reviewer: reviewer,
            desk: PharmacyDesk(coordinator: coordinator, reviewer: reviewer)
        )
    }
}

extension ClientDirectory {
    static func withFixtures() async -> ClientDirectory {
        let directory = ClientDirectory()
        for owner in Fixtures.owners {
            await directory.register(owner)
        }
        for pet in Fixtures.pets {
            await directory.register(pet)
        }
        return directory
    }
}
