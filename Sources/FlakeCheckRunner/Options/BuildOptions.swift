
/// How the tests are built, or where a build already is (`--configuration`, `--no-build`,
/// `--bin-path`, `--archive`). The command makes the two paths absolute before the session reads them.
package struct BuildOptions: Sendable, Equatable {
    /// `debug` or `release`.
    package var configuration = "debug"
    /// False under `--no-build`: the test binary already built is used.
    package var build = true
    /// The build's bin folder, instead of asking `swift build --show-bin-path`.
    package var binPath: String?
    /// The tests of a build archive (`BuildArchive`), run without building.
    package var archive: String?

    package init() {}

    /// Whether the session builds before it runs: not under `--no-build`, nor from an archive.
    package var buildsFirst: Bool { build && archive == nil }
}
