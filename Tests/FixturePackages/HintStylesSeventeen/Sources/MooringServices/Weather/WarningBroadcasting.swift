import Foundation
import MooringModel

public protocol PontoonSpeaker: Sendable {
    var pontoon: String { get }
    func play(_ announcement: String) async
}

public protocol WarningBroadcasting: Sendable {
    func broadcast(_ warning: WeatherWarning)
    func settle() async
}

extension WarningBroadcasting {
    /// The pontoon speakers need a moment to finish the chime and announcement.
    public func settle() async {
        try? await Task.sleep(for: .milliseconds(250))
    }
}

/// Plays weather warnings on the tannoy speakers along each pontoon.
public struct PontoonSpeakerBroadcaster: WarningBroadcasting {
    private let speakers: [any PontoonSpeaker]
    private let minimumLevel: WarningLevel

    public init(speakers: [any PontoonSpeaker], minimumLevel: WarningLevel = .strongWind) {
        self.speakers = speakers
        self.minimumLevel = minimumLevel
    }

    public func broadcast(_ warning: WeatherWarning) {
        guard warning.level >= minimumLevel else { return }
        let announcement = "Attention all berth holders. A \(warning.level.spokenName) is in force. \(warning.text)"
        for speaker in speakers {
            Task {
                await speaker.play(announcement)
            }
        }
    }
}
