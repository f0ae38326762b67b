/// UI-facing state holder; deliberately a plain main-actor class.
@MainActor
public final class ThermostatDashboard {
    public private(set) var displayText = "--"
    public private(set) var refreshCount = 0

    private let controller: ThermostatController
    private var refreshTask: Task<Void, Never>?

    public init(controller: ThermostatController) {
        self.controller = controller
    }

    public func refresh() async {
        do {
            let celsius = try await controller.tick()
            displayText = TemperatureFormatter.format(celsius)
        } catch {
            displayText = "ERR"
        }
        refreshCount += 1
    }

    /// Called from the pull-to-refresh gesture.
    public func refreshInBackground() {
        refreshTask?.cancel()
        refreshTask = Task {
            await self.refresh()
        }
    }
}
