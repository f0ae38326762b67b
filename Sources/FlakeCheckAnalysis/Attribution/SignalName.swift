
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Human names for the signals a crashing test process dies of.
enum SignalName {
    static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGILL: "SIGILL, a Swift runtime trap such as fatalError or a failed precondition"
        case SIGTRAP: "SIGTRAP, a Swift runtime trap"
        case SIGABRT: "SIGABRT"
        case SIGSEGV: "SIGSEGV"
        case SIGBUS: "SIGBUS"
        case SIGKILL: "SIGKILL"
        case SIGTERM: "SIGTERM"
        case SIGFPE: "SIGFPE"
        default: "signal \(signal)"
        }
    }
}
