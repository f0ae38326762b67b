import FlakeCheckModel

/// The words a session's status lines and run logs borrow from Reporting, which the Runner cannot use (they
/// are siblings): the command hands them in. Left out, a note names only the kind of what it is about.
package struct SessionWording: Sendable {
    /// A run's incident, for the run log's note.
    package var incident: @Sendable (RunIncident) -> String = { _ in "" }
    /// A note on the configuration, for a status line.
    package var configurationNote: @Sendable (ConfigurationNote) -> String = { "\($0)" }
    /// Why a test counts as changed (`--changed-since`), for a status line.
    package var change: @Sendable (TestChange) -> String = { _ in "" }

    package init() {}
}
