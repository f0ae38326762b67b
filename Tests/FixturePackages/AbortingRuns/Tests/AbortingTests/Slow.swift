import Foundation
import Testing

/// Never fail; they sleep so that many are running when `Aborter` aborts the process.
@Suite struct Slow {
    @Test func slow01() async throws { try await Task.sleep(for: .milliseconds(77)) }
    @Test func slow02() async throws { try await Task.sleep(for: .milliseconds(114)) }
    @Test func slow03() async throws { try await Task.sleep(for: .milliseconds(151)) }
    @Test func slow04() async throws { try await Task.sleep(for: .milliseconds(188)) }
    @Test func slow05() async throws { try await Task.sleep(for: .milliseconds(225)) }
    @Test func slow06() async throws { try await Task.sleep(for: .milliseconds(262)) }
    @Test func slow07() async throws { try await Task.sleep(for: .milliseconds(299)) }
    @Test func slow08() async throws { try await Task.sleep(for: .milliseconds(336)) }
    @Test func slow09() async throws { try await Task.sleep(for: .milliseconds(73)) }
    @Test func slow10() async throws { try await Task.sleep(for: .milliseconds(110)) }
    @Test func slow11() async throws { try await Task.sleep(for: .milliseconds(147)) }
    @Test func slow12() async throws { try await Task.sleep(for: .milliseconds(184)) }
    @Test func slow13() async throws { try await Task.sleep(for: .milliseconds(221)) }
    @Test func slow14() async throws { try await Task.sleep(for: .milliseconds(258)) }
    @Test func slow15() async throws { try await Task.sleep(for: .milliseconds(295)) }
    @Test func slow16() async throws { try await Task.sleep(for: .milliseconds(332)) }
    @Test func slow17() async throws { try await Task.sleep(for: .milliseconds(69)) }
    @Test func slow18() async throws { try await Task.sleep(for: .milliseconds(106)) }
    @Test func slow19() async throws { try await Task.sleep(for: .milliseconds(143)) }
    @Test func slow20() async throws { try await Task.sleep(for: .milliseconds(180)) }
    @Test func slow21() async throws { try await Task.sleep(for: .milliseconds(217)) }
    @Test func slow22() async throws { try await Task.sleep(for: .milliseconds(254)) }
    @Test func slow23() async throws { try await Task.sleep(for: .milliseconds(291)) }
    @Test func slow24() async throws { try await Task.sleep(for: .milliseconds(328)) }
    @Test func slow25() async throws { try await Task.sleep(for: .milliseconds(65)) }
    @Test func slow26() async throws { try await Task.sleep(for: .milliseconds(102)) }
    @Test func slow27() async throws { try await Task.sleep(for: .milliseconds(139)) }
    @Test func slow28() async throws { try await Task.sleep(for: .milliseconds(176)) }
    @Test func slow29() async throws { try await Task.sleep(for: .milliseconds(213)) }
    @Test func slow30() async throws { try await Task.sleep(for: .milliseconds(250)) }
    @Test func slow31() async throws { try await Task.sleep(for: .milliseconds(287)) }
    @Test func slow32() async throws { try await Task.sleep(for: .milliseconds(324)) }
    @Test func slow33() async throws { try await Task.sleep(for: .milliseconds(61)) }
    @Test func slow34() async throws { try await Task.sleep(for: .milliseconds(98)) }
    @Test func slow35() async throws { try await Task.sleep(for: .milliseconds(135)) }
    @Test func slow36() async throws { try await Task.sleep(for: .milliseconds(172)) }
}
