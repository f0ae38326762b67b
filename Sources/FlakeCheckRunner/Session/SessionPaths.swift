import Foundation

/// Where a session keeps its files, in the output folder the command locked for it: run logs, a scratch
/// folder private to the process, and folders made on demand (`logs/solo`, `logs/evidence`, the
/// sanitizer's reports in scratch).
package struct SessionPaths: Sendable {
    /// Where this session's logs are written: beside the folder's last result until the session's whole
    /// result is swapped in.
    package var logs: String
    /// Where its logs will be once the result is swapped in, for what the terminal tells the user.
    package var logsShownAs: String
    package var scratch: String
    /// A folder of the output folder, by its path inside it, created when first asked for.
    package var outputSubfolder: @Sendable (String) throws -> String
    /// A folder inside the scratch folder, created when first asked for.
    package var scratchSubfolder: @Sendable (String) throws -> String

    package init(
        logs: String, logsShownAs: String? = nil, scratch: String, outputSubfolder: @escaping @Sendable (String) throws -> String,
        scratchSubfolder: @escaping @Sendable (String) throws -> String
    ) {
        self.logs = logs
        self.logsShownAs = logsShownAs ?? logs
        self.scratch = scratch
        self.outputSubfolder = outputSubfolder
        self.scratchSubfolder = scratchSubfolder
    }
}
