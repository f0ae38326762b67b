import Foundation
import EncoreModel

public protocol LicenseServer: Sendable {
    func renew(_ token: LicenseToken, region: String) async throws -> LicenseGrant
}

public enum LicenseError: Error, Equatable {
    case unknownTrack(TrackID)
    case regionMismatch(expected: String, got: String)
}

/// Keeps DRM licences for offline tracks fresh. Each tracked licence is renewed
/// `leadTime` seconds before it expires, using the injected scheduler.
public actor LicenseRenewer {
    private let server: LicenseServer
    private let scheduler: EncoreScheduler
    private let leadTime: TimeInterval
    private let analytics: AnalyticsSink?
    private var tokens: [TrackID: LicenseToken] = [:]
    private var scheduledRenewals: Set<TrackID> = []

    public init(
        server: LicenseServer,
        scheduler: EncoreScheduler = TaskSleepScheduler(),
        leadTime: TimeInterval = 6 * 3600,
        analytics: AnalyticsSink? = nil
    ) {
        self.server = server
        self.scheduler = scheduler
        self.leadTime = leadTime
        self.analytics = analytics
    }

    public func currentToken(for id: TrackID) -> LicenseToken? {
        tokens[id]
    }

    /// Starts managing `token` and schedules its renewal ahead of expiry.
    public func track(_ token: LicenseToken) {
        tokens[token.trackID] = token
        scheduleRenewal(for: token)
    }

    private func scheduleRenewal(for token: LicenseToken) {
        guard !scheduledRenewals.contains(token.trackID) else { return }
        scheduledRenewals.insert(token.trackID)
        let delay = token.expiresAt.timeIntervalSince(scheduler.now) - leadTime
        let id = token.trackID
        scheduler.schedule(after: max(0, delay)) { [weak self] in
            await self?.renewScheduled(id)
        }
    }

    private func renewScheduled(_ id: TrackID) async {
        scheduledRenewals.remove(id)
        guard let token = tokens[id] else { return }
        do {
            let renewed = try await renewNow(token)
            scheduleRenewal(for: renewed)
        } catch {
            // Retry on the next app foreground; keep the old token until it expires.
        }
    }

    /// Renews immediately and stores the new licence.
    @discardableResult
    public func renewNow(_ token: LicenseToken) async throws -> LicenseToken {
        let region = EncoreEnvironment.licenseRegion
        let grant = try await server.renew(token, region: region)
        guard grant.region == region else {
            throw LicenseError.regionMismatch(expected: region, got: grant.region)
        }
        let issuedAt = EncoreEnvironment.now()
        let renewed = LicenseToken(
            trackID: token.trackID,
            issuedAt: issuedAt,
            expiresAt: issuedAt.addingTimeInterval(grant.validFor),
            renewalCount: token.renewalCount + 1,
            region: grant.region
        )
        tokens[token.trackID] = renewed
        await analytics?.record(.licenseRenewed(token.trackID))
        return renewed
    }

    /// Fire-and-forget renewal used when the app returns to the foreground.
    public nonisolated func renewInBackground(
        _ token: LicenseToken,
        completion: (@Sendable (Result<LicenseToken, Error>) -> Void)? = nil
    ) {
        Task {
            do {
                let renewed = try await self.renewNow(token)
                completion?(.success(renewed))
            } catch {
                completion?(.failure(error))
            }
        }
    }
}
