/// How a run's Swift Testing tests ran beside each other (`runs[].perturbation.swiftTesting`): in
/// parallel, as the library does by default; one at a time (`--no-parallel`); or at most `width` at once
/// (`--experimental-maximum-parallelization-width`). Written in report.json as `parallel`, `serial` or
/// `width N`, the words of the rates per condition (`swift-testing width 2`).
public enum SwiftTestingParallelism: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    case parallel
    case serial
    case width(Int)

    /// `parallel`, `serial` or `width N`.
    public var description: String {
        switch self {
        case .parallel: "parallel"
        case .serial: "serial"
        case .width(let width): "width \(width)"
        }
    }

    /// The value `description` wrote; nil for anything else.
    public init?(_ text: String) {
        switch text {
        case "parallel": self = .parallel
        case "serial": self = .serial
        default:
            guard text.hasPrefix("width "), let width = Int(text.dropFirst("width ".count)), width > 0 else {
                return nil
            }
            self = .width(width)
        }
    }

    /// The arguments that make a Swift Testing process run its tests this way.
    package var arguments: [String] {
        switch self {
        case .parallel: []
        case .serial: ["--no-parallel"]
        case .width(let width): ["--experimental-maximum-parallelization-width", String(width)]
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Self(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected parallel, serial or width N, found \(text)")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
