extension CheckoutStore {
    func perform(_ effect: CheckoutEffect) async {
        switch effect {
        case .none:
            return
        case .refreshShipping:
            let items = state.items
            state.shippingCents = await environment.shipping.quote(for: items)
        case let .authorize(amount, token):
            await authorize(amount: amount, token: token)
        }
    }

    private func authorize(amount: Int, token: String) async {
        let request = PaymentRequest(
            merchantID: CheckoutContext.merchantID ?? "default",
            amount: amount,
            token: token
        )
        do {
            let authorization = try await environment.gateway.authorize(request)
            state.phase = .paid(authorization)
            await environment.mailer.send(receipt(for: authorization))
        } catch let error as PaymentError {
            state.phase = .failed(error)
        } catch {
            state.phase = .failed(.network)
        }
    }
}

extension CheckoutStore {
    func receipt(for authorization: Authorization) -> Receipt {
        let lines = state.items.map { "\($0.quantity) x \($0.name)" }
        return Receipt(
            orderID: authorization.id,
            body: (lines + ["Charged: \(Money.format(cents: authorization.amount))"]).joined(separator: "\n")
        )
    }
}
