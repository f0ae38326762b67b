import Testing
@testable import FlakeCheckCore

@Suite struct StressSettingsTests {
    @Test func levelsAddNoiseStepByStep() {
        #expect(StressSettings(level: 0, cpus: 2) == StressSettings(level: 0, cpus: 2))
        #expect(StressSettings(level: 0, cpus: 2).burnerThreads == 0)
        #expect(StressSettings(level: 1, cpus: 2).dutyCycle == 0.5)
        #expect(StressSettings(level: 2, cpus: 2).burnerThreads == 2 && StressSettings(level: 2, cpus: 2).testProcessCPUs == nil)
        #expect(StressSettings(level: 3, cpus: 2).testProcessCPUs == 1)
        #expect(CommandLineTests.run(["run", "--stress", "4"]).0 == ExitCode.usage)
    }
}
