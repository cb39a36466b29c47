import Testing
import Tweening

struct DriverTweenTests {
    @Test func driverReceivesScaledDeltasUntilItSaysStop() {
        let tweener = Tweener()
        tweener.timeScale = 2
        var received: [Double] = []
        let driver = tweener.drive { dt in
            received.append(dt)
            return received.count < 3
        }
        let log = CallbackLog()
        log.attach(to: driver)
        driver.timeScale = 0.5
        for _ in 0..<5 { tweener.update(by: 0.25) }
        #expect(received == [0.25, 0.25, 0.25])
        #expect(log.events == [.start, .update, .update, .update, .complete, .kill])
        #expect(driver.elapsed == 0.75)
        #expect(tweener.count == 0)
    }

    @Test func pausedOrKilledDriverIsNotCalled() {
        let tweener = Tweener()
        var calls = 0
        let driver = tweener.drive { _ in
            calls += 1; return true
        }
        tweener.update(by: 0.1)
        driver.pause()
        tweener.update(by: 0.1)
        #expect(calls == 1)
        driver.resume()
        tweener.update(by: 0.1)
        #expect(calls == 2)
        driver.kill()
        tweener.update(by: 0.1)
        #expect(calls == 2)
        #expect(driver.percentComplete == 0)
        #expect(driver.duration == .infinity)
    }

    @Test func driverWithAFiniteDurationCompletesWhenItIsReached() {
        let tweener = Tweener()
        var calls = 0
        let driver = tweener.drive { _ in
            calls += 1; return true
        }.duration(0.25)
        tweener.update(by: 0.1)
        tweener.update(by: 0.1)
        tweener.update(by: 0.1)
        #expect(calls == 3)
        #expect(driver.state == .killed)
        #expect(driver.elapsed == 0.25)
        #expect(driver.percentComplete == 1)
    }

    @Test func standAloneDriverIsDrivenByHand() {
        var total = 0.0
        let driver = DriverTween { dt in
            total += dt; return true
        }.delay(0.5)
        #expect(driver.update(by: 1) == false)  // not started
        driver.start()
        driver.update(by: 0.75)  // the delay's leftover reaches the body
        #expect(total == 0.25)
        driver.complete()
        #expect(driver.state == .killed)
        #expect(total == 0.25)
    }
}
