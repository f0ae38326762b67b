/// Plain, single-threaded bookkeeping for paired devices.
public final class DeviceRegistry {
    public enum Kind: Equatable {
        case thermostat
        case sensor
        case relay
    }

    public struct Device: Equatable {
        public let id: Int
        public var name: String
        public let kind: Kind
    }

    public enum RegistryError: Error, Equatable {
        case duplicateName(String)
        case unknown(Int)
    }

    private var devices: [Int: Device] = [:]
    private var nextID = 1

    public init() {}

    public var all: [Device] {
        devices.values.sorted { $0.id < $1.id }
    }

    @discardableResult
    public func pair(name: String, kind: Kind) throws -> Device {
        guard !devices.values.contains(where: { $0.name == name }) else {
            throw RegistryError.duplicateName(name)
        }
        let device = Device(id: nextID, name: name, kind: kind)
        nextID += 1
        devices[device.id] = device
        return device
    }

    public func rename(_ id: Int, to name: String) throws {
        guard var device = devices[id] else { throw RegistryError.unknown(id) }
        guard !devices.values.contains(where: { $0.name == name && $0.id != id }) else {
            throw RegistryError.duplicateName(name)
        }
        device.name = name
        devices[id] = device
    }
}
