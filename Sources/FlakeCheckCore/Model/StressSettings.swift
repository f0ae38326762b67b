/// `--stress LEVEL`: controlled noise that makes scheduling races show up in fewer runs (the idea of
/// "Shake It!", Silva et al., ICSME 2020): CPU-burning threads compete with the tests, and at the top
/// level every test process is pinned to a single CPU, so its tasks and the burners share one core.
public struct StressSettings: Equatable, Codable, Sendable {
    public var level: Int
    /// Busy threads started next to the tests.
    public var burnerThreads: Int
    /// Fraction of each 10 ms slice a burner spins (the rest it sleeps).
    public var dutyCycle: Double
    /// CPUs each test process may use; nil leaves affinity alone.
    public var testProcessCPUs: Int?

    public init(level: Int, cpus: Int) {
        self.level = level
        switch level {
        case 0: (burnerThreads, dutyCycle, testProcessCPUs) = (0, 0, nil)
        case 1: (burnerThreads, dutyCycle, testProcessCPUs) = (cpus, 0.5, nil)
        case 2: (burnerThreads, dutyCycle, testProcessCPUs) = (cpus, 1.0, nil)
        default: (burnerThreads, dutyCycle, testProcessCPUs) = (cpus, 1.0, 1)
        }
    }
}
