import Foundation

/// Lets the dashboard's inbox bookkeeping catch up with what the test just delivered.
func letDashboardCatchUp() async {
    await pause(milliseconds: 150)
}

func pause(milliseconds: Int) async {
    try? await Task.sleep(for: .milliseconds(milliseconds))
}
