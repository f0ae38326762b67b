import Foundation
import PawServices

/// Lets the pharmacy finish whatever the test set in motion.
func settleEverything(_ rig: PharmacyRig) async {
    await rig.desk.quiesce()
}
