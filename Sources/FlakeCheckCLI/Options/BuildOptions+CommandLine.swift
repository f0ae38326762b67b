import FlakeCheckRunner

/// `--configuration`, `--no-build`, `--bin-path`, `--archive`: how the build's options are spelled, each
/// bound to the field of `BuildOptions` that holds it.
extension BuildOptions: OptionGroup {
    static let configurationOption = OptionField<Self>(
        Option<String>(
            "--configuration", value: "debug|release", help: "Build configuration", takes: "debug or release"
        ) { ["debug", "release"].contains($0) ? $0 : nil },
        \.configuration)
    static let noBuildOption = OptionField<Self>(
        Flag("--no-build", help: "Use the test binary already built instead of building first"), \.build,
        setting: false)
    static let binPathOption = OptionField<Self>(
        Option<String>.text(
            "--bin-path", value: "DIR",
            help: "With --no-build: the build's bin folder, instead of `swift build --show-bin-path` "
                + "(the SwiftPM plugin passes it)"),
        \.binPath)
    static let archiveOption = OptionField<Self>(
        Option<String>.text(
            "--archive", value: "FILE",
            help: "Run the tests of an archive written by `flakecheck archive`, without building "
                + "(the machine needs the toolchain that built it)"),
        \.archive)
    package static let fields = [configurationOption, noBuildOption, binPathOption, archiveOption]
}
