
/// How the tests are built, or where a build already is (`--configuration`, `--no-build`,
/// `--bin-path`, `--archive`). The command makes the two paths absolute before the session reads them.
public struct BuildOptions: Sendable, Equatable {
    /// `debug` or `release`.
    public var configuration = "debug"
    /// False under `--no-build`: the test binary already built is used.
    public var build = true
    /// The build's bin folder, instead of asking `swift build --show-bin-path`.
    public var binPath: String?
    /// The tests of a build archive (`BuildArchive`), run without building.
    public var archive: String?

    public init() {}

    /// Whether the session builds before it runs: not under `--no-build`, nor from an archive.
    public var buildsFirst: Bool { build && archive == nil }
}
