/// How the tests are built, or where a build already is: `--configuration`, `--no-build`, `--bin-path`,
/// `--archive`.
struct BuildOptions: OptionGroup {
    static let configuration = Option<String>(
        "--configuration", value: "debug|release", help: "Build configuration",
        default: "debug", takes: "debug or release"
    ) {
        ["debug", "release"].contains($0) ? $0 : nil
    }
    static let noBuild = Flag("--no-build", help: "Use the test binary already built instead of building first")
    static let binPath = Option<String>.text(
        "--bin-path", value: "DIR",
        help: "With --no-build: the build's bin folder, instead of `swift build --show-bin-path` "
            + "(the SwiftPM plugin passes it)")
    static let archive = Option<String>.text(
        "--archive", value: "FILE",
        help: "Run the tests of an archive written by `flakecheck archive`, without building "
            + "(the machine needs the toolchain that built it)")
    static let specs = [configuration.spec, noBuild.spec, binPath.spec, archive.spec]

    var configuration: String
    var build: Bool
    var binPath: String?
    var archive: String?

    init(_ parsed: ParsedArguments) throws {
        configuration = try parsed.value(Self.configuration)!
        build = !parsed.has(Self.noBuild)
        binPath = try parsed.value(Self.binPath)
        archive = try parsed.value(Self.archive)
    }
}
