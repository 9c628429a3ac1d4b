// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// The runner's mechanisms, each pinned with semaphores rather than timings: a task runs on a
// worker and its result reaches the GUI thread only through the event loop; a newer start
// cancels the running task and the requests in between coalesce into the newest; partial
// results keep their order and precede the final one; cancel and destruction drop results; an
// exception becomes failed(); interrupt stops a task but keeps its results; the runner's clocks
// (startAfter's quiet time, slow(), the progress interval) do what owners used their own timers
// for.

#include "ui/compute_pool.h"
#include "ui/job_runner.h"

#include <QDeadlineTimer>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QThreadPool>

#include <atomic>
#include <stdexcept>

using rope::ui::JobRunner;
using rope::ui::RunControl;

namespace {

constexpr int kWaitMs = 20000;

} // namespace

class TestJobRunner : public QObject {
    Q_OBJECT

private slots:
    void resultArrivesOnlyThroughTheEventLoop() {
        JobRunner runner;
        QSemaphore ran;
        QThread* worker = nullptr;
        int got = 0;
        QSignalSpy finished(&runner, &JobRunner::finished);
        runner.start([&](const RunControl&) -> std::function<void()> {
            worker = QThread::currentThread();
            ran.release();
            return [&got] { got = 42; };
        });
        QVERIFY(ran.tryAcquire(1, kWaitMs));
        // The task has returned on its worker, but no event was processed: nothing arrived.
        QCOMPARE(got, 0);
        QVERIFY(runner.isBusy());
        QVERIFY(worker != QThread::currentThread());
        QVERIFY(finished.wait(kWaitMs));
        QCOMPARE(got, 42);
        QCOMPARE(finished.count(), 1);
        QVERIFY(!runner.isBusy());
    }

    // Two tasks that end together are delivered in two turns of the event loop: one round of
    // posted events runs one delivery, and the next delivery waits for the next round, so input
    // and paints get their turn between two long results (GUI monkey seed 1632950877).
    void tasksEndingTogetherAreDeliveredOnePerTurn() {
        JobRunner first;
        JobRunner second;
        QSignalSpy firstDone(&first, &JobRunner::finished);
        QSignalSpy secondDone(&second, &JobRunner::finished);
        first.start([](const RunControl&) -> std::function<void()> { return [] {}; });
        second.start([](const RunControl&) -> std::function<void()> { return [] {}; });
        // Both workers have returned and posted (the post is the last thing a worker does).
        QVERIFY(rope::ui::computePool().waitForDone(kWaitMs));
        QCoreApplication::sendPostedEvents();
        QCOMPARE(firstDone.count() + secondDone.count(), 1);
        QCoreApplication::sendPostedEvents();
        QCOMPARE(firstDone.count(), 1);
        QCOMPARE(secondDone.count(), 1);
    }

    void newerStartCancelsAndCoalesces() {
        JobRunner runner;
        QSemaphore entered;
        QSemaphore release;
        std::atomic<bool> firstSawCancel{false};
        QList<int> results;
        runner.start([&](const RunControl& control) -> std::function<void()> {
            entered.release();
            release.acquire();
            firstSawCancel = control.cancelled();
            return [&results] { results << 1; };
        });
        QVERIFY(entered.tryAcquire(1, kWaitMs));
        int secondRan = 0;
        runner.start([&](const RunControl&) -> std::function<void()> {
            ++secondRan; // replaced by the third before the first stops: never runs
            return [&results] { results << 2; };
        });
        runner.start([&](const RunControl&) -> std::function<void()> {
            return [&results] { results << 3; };
        });
        release.release();
        QTRY_VERIFY_WITH_TIMEOUT(!runner.isBusy(), kWaitMs);
        QVERIFY(firstSawCancel);
        QCOMPARE(secondRan, 0);
        QCOMPARE(results, QList<int>{3});
    }

    void partialResultsArriveInOrderBeforeTheResult() {
        JobRunner runner;
        QList<int> partials;
        qsizetype partialsAtEnd = -1;
        QSignalSpy progress(&runner, &JobRunner::progressChanged);
        QSignalSpy finished(&runner, &JobRunner::finished);
        runner.start([&](const RunControl& control) -> std::function<void()> {
            for (int k = 0; k < 5; ++k) {
                control.deliver([&partials, k] { partials << k; });
                control.progress((k + 1) / 5.0);
            }
            return [&] { partialsAtEnd = partials.size(); };
        });
        QVERIFY(finished.wait(kWaitMs));
        QCOMPARE(partials, (QList<int>{0, 1, 2, 3, 4}));
        QCOMPARE(partialsAtEnd, 5);
        // Steps are coalesced, never lost: the last signal carries the last fraction.
        QVERIFY(!progress.isEmpty() && progress.count() <= 5);
        QCOMPARE(progress.last().at(0).toDouble(), 1.0);
        QCOMPARE(runner.progress(), 1.0);
    }

    // A slot that processes events (QProgressDialog::setValue on a modal dialog does) must not
    // let the next report overtake the one being sent: slots connected after it (here the spy)
    // once saw 0.5 before 0.1 (tst_weights_open under ASan).
    void reportsStayInOrderWhenASlotProcessesEvents() {
        JobRunner runner;
        QSemaphore goOn;   // GUI thread → worker: report again
        QSemaphore posted; // worker → GUI thread: the second report is queued
        QSemaphore finish; // GUI thread → worker: return
        bool nested = false;
        connect(&runner, &JobRunner::progressChanged, &runner, [&](double fraction) {
            if (fraction == 0.1 && !nested) {
                nested = true;
                goOn.release();
                QVERIFY(posted.tryAcquire(1, kWaitMs));
                QCoreApplication::processEvents(); // runs the queued 0.5 report, nested
                finish.release();
            }
        });
        QSignalSpy progress(&runner, &JobRunner::progressChanged);
        QSignalSpy finished(&runner, &JobRunner::finished);
        runner.start([&](const RunControl& control) -> std::function<void()> {
            control.progress(0.1);
            goOn.acquire();
            control.progress(0.5);
            posted.release();
            finish.acquire();
            return [] {};
        });
        QVERIFY(finished.wait(kWaitMs));
        QVERIFY(nested);
        QCOMPARE(progress.count(), 2);
        QCOMPARE(progress.at(0).at(0).toDouble(), 0.1);
        QCOMPARE(progress.at(1).at(0).toDouble(), 0.5);
    }

    void cancelDropsTheResult() {
        JobRunner runner;
        QSemaphore entered;
        QSemaphore release;
        std::atomic<bool> sawCancel{false};
        bool delivered = false;
        QSignalSpy finished(&runner, &JobRunner::finished);
        runner.start([&](const RunControl& control) -> std::function<void()> {
            entered.release();
            release.acquire();
            sawCancel = control.cancelled();
            control.deliver([&delivered] { delivered = true; });
            return [&delivered] { delivered = true; };
        });
        QVERIFY(entered.tryAcquire(1, kWaitMs));
        runner.cancel();
        release.release();
        QTRY_VERIFY_WITH_TIMEOUT(!runner.isBusy(), kWaitMs);
        QVERIFY(sawCancel);
        QVERIFY(!delivered);
        QCOMPARE(finished.count(), 0);
    }

    void exceptionBecomesFailed() {
        JobRunner runner;
        QSignalSpy failed(&runner, &JobRunner::failed);
        QSignalSpy finished(&runner, &JobRunner::finished);
        runner.start([](const RunControl&) -> std::function<void()> {
            throw std::runtime_error("layer 3 has no head dimension");
        });
        QVERIFY(failed.wait(kWaitMs));
        QCOMPARE(failed.first().at(0).toString(), QStringLiteral("layer 3 has no head dimension"));
        QCOMPARE(finished.count(), 0);
        QVERIFY(!runner.isBusy());
    }

    void destroyingTheRunnerCancelsItsTask() {
        auto* runner = new JobRunner;
        QSemaphore entered;
        QSemaphore release;
        QSemaphore done;
        std::atomic<bool> sawCancel{false};
        bool delivered = false;
        runner->start([&](const RunControl& control) -> std::function<void()> {
            entered.release();
            release.acquire();
            sawCancel = control.cancelled();
            control.progress(1.0);
            control.deliver([&delivered] { delivered = true; });
            done.release();
            return [&delivered] { delivered = true; };
        });
        QVERIFY(entered.tryAcquire(1, kWaitMs));
        delete runner;
        release.release();
        QVERIFY(done.tryAcquire(1, kWaitMs));
        QVERIFY(sawCancel);
        QCoreApplication::processEvents();
        QVERIFY(!delivered);
    }

    void startAfterCoalescesIntoTheNewestRequest() {
        JobRunner runner;
        QStringList made;
        QStringList ran;
        const auto request = [&](const QString& name) {
            runner.startAfter(30, [&made, &ran, name]() -> JobRunner::Task {
                made << name;
                return [&ran, name](const RunControl&) -> std::function<void()> {
                    return [&ran, name] { ran << name; };
                };
            });
        };
        QSignalSpy idle(&runner, &JobRunner::idle);
        request(QStringLiteral("first"));
        request(QStringLiteral("second"));
        QVERIFY(runner.isWaiting());
        QVERIFY(!runner.isBusy()); // waiting is not running
        QVERIFY(idle.wait(kWaitMs));
        QCOMPARE(made, QStringList{QStringLiteral("second")}); // made once, at the end
        QCOMPARE(ran, QStringList{QStringLiteral("second")});
        QVERIFY(!runner.isWaiting());

        // stopWaiting forgets a request; an empty task from the maker starts nothing.
        request(QStringLiteral("third"));
        runner.stopWaiting();
        runner.startAfter(0, [&made]() -> JobRunner::Task {
            made << QStringLiteral("nothing");
            return {};
        });
        QTRY_COMPARE_WITH_TIMEOUT(made.size(), 2, kWaitMs);
        QCOMPARE(made.last(), QStringLiteral("nothing"));
        QVERIFY(!runner.isBusy());
        QCOMPARE(ran, QStringList{QStringLiteral("second")});
    }

    void interruptStopsTheTaskButKeepsItsResults() {
        JobRunner runner;
        QSemaphore entered;
        QSemaphore release;
        std::atomic<bool> sawStop{false};
        bool partial = false;
        bool result = false;
        QSignalSpy finished(&runner, &JobRunner::finished);
        runner.start([&](const RunControl& control) -> std::function<void()> {
            entered.release();
            release.acquire();
            sawStop = control.cancelled() && control.flag()->load();
            control.deliver([&partial] { partial = true; });
            return [&result] { result = true; };
        });
        QVERIFY(entered.tryAcquire(1, kWaitMs));
        runner.interrupt();
        release.release();
        QVERIFY(finished.wait(kWaitMs));
        QVERIFY(sawStop);
        QVERIFY(partial);
        QVERIFY(result);
    }

    void slowIsSignalledOnceForALongTask() {
        JobRunner runner;
        runner.setSlowAfter(10);
        QSemaphore release;
        QSignalSpy slow(&runner, &JobRunner::slow);
        QSignalSpy finished(&runner, &JobRunner::finished);
        runner.start([&](const RunControl&) -> std::function<void()> {
            release.acquire(); // until the GUI thread has seen slow()
            return [] {};
        });
        QVERIFY(slow.wait(kWaitMs));
        release.release();
        QVERIFY(finished.wait(kWaitMs));
        QCOMPARE(slow.count(), 1);
    }

    // With an interval, reports after a signal wait for it to pass; runner.progress() has the
    // newest at once. The fences are deliveries: they run after every report posted before.
    void progressIntervalHoldsReportsBack() {
        JobRunner runner;
        runner.setProgressInterval(600000);
        QSemaphore firstSeen;
        QSemaphore laterSeen;
        QSignalSpy progress(&runner, &JobRunner::progressChanged);
        QSignalSpy finished(&runner, &JobRunner::finished);
        runner.start([&](const RunControl& control) -> std::function<void()> {
            control.progress(0.25);
            control.deliver([&firstSeen] { firstSeen.release(); });
            firstSeen.acquire();
            control.progress(0.5);
            control.progress(0.75);
            control.deliver([&laterSeen] { laterSeen.release(); });
            laterSeen.acquire();
            return [] {};
        });
        QVERIFY(finished.wait(kWaitMs));
        QCOMPARE(progress.count(), 1);
        QCOMPARE(progress.first().at(0).toDouble(), 0.25);
        QCOMPARE(runner.progress(), 0.75);
    }

    // isComputing() follows the worker (it turns false before any event is processed);
    // isBusy() turns false only once the result has been taken in.
    void isComputingFollowsTheWorker() {
        JobRunner runner;
        QSemaphore entered;
        QSemaphore release;
        runner.start([&](const RunControl&) -> std::function<void()> {
            entered.release();
            release.acquire();
            return [] {};
        });
        QVERIFY(entered.tryAcquire(1, kWaitMs));
        QVERIFY(runner.isComputing());
        release.release();
        QDeadlineTimer deadline(kWaitMs);
        while (runner.isComputing() && !deadline.hasExpired()) {
            QThread::msleep(2);
        }
        QVERIFY(!runner.isComputing());
        QVERIFY(runner.isBusy());
        QTRY_VERIFY_WITH_TIMEOUT(!runner.isBusy(), kWaitMs);
    }
};

QTEST_MAIN(TestJobRunner)
#include "tst_job_runner.moc"
