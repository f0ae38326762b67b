import Foundation
import MooringModel

public actor LoopbackTransmitter: RadioTransmitting {
    public private(set) var transmitted: [RadioMessage] = []

    public init() {}

    public func transmit(_ message: RadioMessage) async {
        transmitted.append(message)
    }
}

public actor RecordingPrintSink: PrintSink {
    public private(set) var jobs: [PrintJob] = []

    public init() {}

    public func accept(_ job: PrintJob) async {
        jobs.append(job)
    }
}

public actor RecordingDockBoard: DockBoard {
    public private(set) var shown: [WeatherWarning] = []
    public private(set) var cleared: [String] = []

    public init() {}

    public func show(_ warning: WeatherWarning) async {
        shown.append(warning)
    }

    public func clear(warningID: String) async {
        cleared.append(warningID)
    }
}

public actor RecordingPontoonSpeaker: PontoonSpeaker {
    public nonisolated let pontoon: String
    public private(set) var played: [String] = []

    public init(pontoon: String) {
        self.pontoon = pontoon
    }

    public func play(_ announcement: String) async {
        played.append(announcement)
    }
}

public actor RecordingPedestalController: PedestalController {
    public private(set) var cutOff: [String] = []

    public init() {}

    public func cutPower(boat: String) async {
        cutOff.append(boat)
    }
}


/// Stand-in for the email gateway, used in previews and tests.
public actor RecordingBookingNotifier: BookingNotifying {
    public private(set) var notifiedBoats: [String] = []
    public private(set) var codes: [String] = []

    public init() {}

    public func bookingConfirmed(_ booking: BerthBooking, code: String) async {
        notifiedBoats.append(booking.boatName)
        codes.append(code)
    }
}


public final class RecordingTelemetryEndpoint: TelemetryEndpoint, @unchecked Sendable {
    private let posted = Synchronized<[String]>([])
    private let status: Int

    public init(status: Int = 202) {
        self.status = status
    }

    public func post(_ payload: Data, path: String) throws -> Int {
        posted.mutate { $0.append(path) }
        return status
    }

    public var postedPaths: [String] {
        posted.read { $0 }
    }
}
