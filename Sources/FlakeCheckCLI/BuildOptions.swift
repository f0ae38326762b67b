import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// How the tests are built, or where a build already is: `--configuration`, `--no-build`, `--bin-path`,
/// `--archive`.
package struct BuildOptions: OptionGroup {
    package static let configuration = Option<String>(
        "--configuration", value: "debug|release", help: "Build configuration",
        default: "debug", takes: "debug or release"
    ) {
        ["debug", "release"].contains($0) ? $0 : nil
    }
    package static let noBuild = Flag("--no-build", help: "Use the test binary already built instead of building first")
    package static let binPath = Option<String>.text(
        "--bin-path", value: "DIR",
        help: "With --no-build: the build's bin folder, instead of `swift build --show-bin-path` "
            + "(the SwiftPM plugin passes it)")
    package static let archive = Option<String>.text(
        "--archive", value: "FILE",
        help: "Run the tests of an archive written by `flakecheck archive`, without building "
            + "(the machine needs the toolchain that built it)")
    package static let specs = [configuration.spec, noBuild.spec, binPath.spec, archive.spec]

    package var configuration: String
    package var build: Bool
    package var binPath: String?
    package var archive: String?

    package init(_ parsed: ParsedArguments) throws {
        configuration = try parsed.value(Self.configuration)!
        build = !parsed.has(Self.noBuild)
        binPath = try parsed.value(Self.binPath)
        archive = try parsed.value(Self.archive)
    }
}
