// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Panels, the presenter window and the animation export compute on their own pool
// (ui/compute_pool.h), never on QThreadPool::globalInstance(): Qt 6.4's raster engine runs the
// pieces of a large fill on the global pool while the GUI thread waits for them, so a long
// computation there froze every repaint (GUI monkey, seed 20261123: a b* search on both global
// threads stopped the window for minutes). Here every global thread is held while a panel
// computes; the panel must still finish. Before the fix its computation queued behind the held
// threads and never ran. No event is processed while the threads are held: a repaint would
// itself wait for them.

#include "figures/figure_registry.h"
#include "ui/compute_pool.h"
#include "ui/explorer_state.h"
#include "ui/panels/figure_panel.h"

#include <QDeadlineTimer>
#include <QMutex>
#include <QSemaphore>
#include <QSet>
#include <QStandardPaths>
#include <QTest>
#include <QThread>
#include <QThreadPool>

#include <algorithm>
#include <cerrno>
#if defined(Q_OS_LINUX)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace {

// Holds every thread of the global pool until destroyed.
class GlobalPoolHeld {
public:
    GlobalPoolHeld() : m_threads(QThreadPool::globalInstance()->maxThreadCount()) {
        for (int k = 0; k < m_threads; ++k) {
            QThreadPool::globalInstance()->start([this] {
                m_started.release();
                m_release.acquire();
            });
        }
    }
    ~GlobalPoolHeld() {
        m_release.release(m_threads);
        QThreadPool::globalInstance()->waitForDone();
    }
    bool allHeld() { return m_started.tryAcquire(m_threads, 10000); }

private:
    int m_threads;
    QSemaphore m_started;
    QSemaphore m_release;
};

} // namespace

class TestComputePool : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void notTheGlobalPool() { QVERIFY(&rope::ui::computePool() != QThreadPool::globalInstance()); }

    // Once lowered (as main does), every worker the pool runs a task on is at the lowered
    // priority, read back from the kernel (getpriority on the thread's id). The pool's threads
    // never expire (QThreadPool's usual 30 s), so none is made afresh later at the process's
    // priority. (Runs first, before any waitForDone, which ends a pool's threads.)
    void workersRunBelowTheGuiThread() {
#if !defined(Q_OS_LINUX)
        QSKIP("per-thread nice values are Linux's");
#else
        QThreadPool& pool = rope::ui::computePool();
        rope::ui::lowerComputePool();
        QCOMPARE(pool.expiryTimeout(), -1);
        // The process may already run niced (a CI runner's choice): the workers go to the
        // lowered value, or stay where they are if the process is lower still (raising a
        // thread's priority again needs privileges).
        errno = 0;
        const int guiNice = getpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)));
        QCOMPARE(errno, 0);
        const int expected = std::max(guiNice, rope::ui::computeWorkerNice());
        // Twice as many tasks as threads, each long enough that they spread over all threads.
        QMutex mutex;
        QSet<int> nices;
        QSet<qint64> threads;
        QSemaphore done;
        const int tasks = 2 * pool.maxThreadCount();
        for (int k = 0; k < tasks; ++k) {
            pool.start([&] {
                const auto tid = static_cast<id_t>(syscall(SYS_gettid));
                errno = 0;
                const int nice = getpriority(PRIO_PROCESS, tid);
                const bool read = errno == 0; // before the sleep, which may set errno itself
                QThread::msleep(30);
                {
                    const QMutexLocker lock(&mutex);
                    nices.insert(read ? nice : -100);
                    threads.insert(static_cast<qint64>(tid));
                }
                // After the unlock: the test returns once every task has released, and then
                // destroys the mutex; released under the lock, the last task still held it
                // ("QMutex: destroying locked mutex") and unlocked memory the next test
                // reused (a SIGSEGV in that test's FigurePanel under load).
                done.release();
            });
        }
        QVERIFY(done.tryAcquire(tasks, 20000));
        QCOMPARE(threads.size(), pool.maxThreadCount());
        QCOMPARE(nices, QSet<int>{expected});
        QVERIFY(rope::ui::computeWorkerNice() > 0);
#endif
    }

    void panelComputesWhileTheGlobalPoolIsBusy() {
        const rope::figures::Figure* figure = rope::figures::findFigure("absolute");
        QVERIFY(figure != nullptr);
        rope::ui::ExplorerState state;
        rope::ui::FigurePanel panel(*figure, state);
        panel.resize(800, 600);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QTRY_VERIFY_WITH_TIMEOUT(!panel.busy(), 20000);
        bool finished = false;
        {
            GlobalPoolHeld held;
            QVERIFY(held.allHeld());
            // Starts the computation (the panel is visible); its result is taken in by the
            // event loop later (busy() stays true until then), but the worker's end shows in
            // computeRunning() at once. (A future queued on a held pool counts as running, so
            // the old code fails here; a computation that never started fails the title check.)
            panel.setOption(QStringLiteral("dim"), 32);
            QDeadlineTimer deadline(20000);
            while (panel.computeRunning() && !deadline.hasExpired()) {
                QThread::msleep(5);
            }
            finished = !panel.computeRunning();
        }
        QVERIFY2(finished, "the panel's computation waited for the global thread pool");
        QTRY_VERIFY(panel.data().title.contains(QStringLiteral("d = 32")));
    }
};

QTEST_MAIN(TestComputePool)
#include "tst_compute_pool.moc"
