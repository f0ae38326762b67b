import Foundation

/// Ambient values that travel with the current task: which marina the work is for
/// and who is sitting at the harbour office radio.
public enum HarbourContext {
    @TaskLocal public static var marinaCode: String = "MRN"
    @TaskLocal public static var operatorCallsign: String = "HARBOUR OFFICE"
}
