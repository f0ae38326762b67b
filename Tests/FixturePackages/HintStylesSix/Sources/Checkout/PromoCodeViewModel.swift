public protocol PromoValidator: Sendable {
    func validate(_ code: String) async -> Bool
}

public enum PromoStatus: Sendable, Equatable {
    case idle
    case pending
    case valid(String)
    case invalid(String)
}

@MainActor
public final class PromoCodeViewModel {
    public private(set) var code = ""
    public private(set) var status: PromoStatus = .idle
    public private(set) var validationCount = 0

    private var debounceTask: Task<Void, Never>?
    private let validator: any PromoValidator
    private let clock: any SleepClock
    private let debounce: Duration

    public init(validator: any PromoValidator, clock: any SleepClock, debounce: Duration = .milliseconds(300)) {
        self.validator = validator
        self.clock = clock
        self.debounce = debounce
    }

    public func codeChanged(_ newValue: String) {
        code = newValue
        debounceTask?.cancel()
        guard !newValue.isEmpty else {
            debounceTask = nil
            status = .idle
            return
        }
        status = .pending
        let clock = self.clock
        let debounce = self.debounce
        debounceTask = Task { [weak self] in
            do {
                try await clock.sleep(for: debounce)
            } catch {
                return
            }
            await self?.validate(newValue)
        }
    }
}

extension PromoCodeViewModel {
    fileprivate func validate(_ candidate: String) async {
        validationCount += 1
        let accepted = await validator.validate(candidate)
        guard candidate == code else { return }
        status = accepted ? .valid(candidate) : .invalid(candidate)
    }
}
