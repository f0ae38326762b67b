import Foundation
import PawModel

/// The dispensing pharmacy's order intake.
public protocol PharmacyGateway: Sendable {
    func transmit(_ request: RefillRequest) async
}
