import Testing
@testable import ThermoKit

@Suite struct EventBusTests {
    @Test func deliversInOrder() async {
        let bus = EventBus()
        let stream = bus.subscribe()

        bus.publish(.reading(zone: "hall", celsius: 20.0))
        bus.publish(.heater(on: true))
        bus.publish(.fault("E42"))
        bus.finish()

        var seen: [ThermostatEvent] = []
        for await event in stream {
            seen.append(event)
        }
        #expect(seen == [.reading(zone: "hall", celsius: 20.0), .heater(on: true), .fault("E42")])
    }

    @Test func iteratorSeesFirstEvent() async {
        let rig = ControllerRig.make(readings: [19.0])
        var iterator = rig.bus.subscribe().makeAsyncIterator()

        rig.controller.nudge()
        let first = await iterator.next()

        #expect(first == .reading(zone: "default", celsius: 19.0))
    }

    @Test func confirmsFaultDelivery() async {
        let bus = EventBus()

        await confirmation("fault delivered", expectedCount: 1) { delivered in
            let stream = bus.subscribe()
            bus.publish(.fault("sensor offline"))
            bus.finish()
            for await event in stream {
                if case .fault = event { delivered() }
            }
        }

        #expect(bus.subscriberCount == 0)
    }

    @Test func recorderCapturesHeaterEvents() {
        let bus = EventBus()
        let recorder = EventRecorder()
        recorder.attach(to: bus)

        bus.publish(.heater(on: true))

        #expect(recorder.events == [.heater(on: true)])
    }

    @Test func recorderSeesEventAfterYield() async {
        let bus = EventBus()
        let recorder = EventRecorder()
        recorder.attach(to: bus)

        bus.publish(.heater(on: false))
        await Task.yield()

        #expect(recorder.events == [.heater(on: false)])
        recorder.detach()
    }
}
