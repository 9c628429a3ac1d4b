// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// The runner's mechanisms, each pinned with semaphores rather than timings: a task runs on a
// worker and its result reaches the GUI thread only through the event loop; a newer start
// cancels the running task and the requests in between coalesce into the newest; partial
// results keep their order and precede the final one; cancel and destruction drop results; an
// exception becomes failed().

#include "ui/compute_pool.h"
#include "ui/job_runner.h"

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
};

QTEST_MAIN(TestJobRunner)
#include "tst_job_runner.moc"
