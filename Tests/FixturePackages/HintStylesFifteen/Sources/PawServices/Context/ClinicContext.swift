import Foundation

/// Per-request context for the clinic's multi-branch deployment.
///
/// Requests arriving from a branch's front desk run with `branchID` bound,
/// and anything they create is stamped with it.
public enum ClinicContext {
    @TaskLocal public static var branchID: String = "main"
    @TaskLocal public static var staffMemberID: String? = nil
}
