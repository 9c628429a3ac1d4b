// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/compute_pool.h"

#include <QCoreApplication>
#include <QSemaphore>
#include <QThreadPool>

#if defined(Q_OS_LINUX)
#include <cerrno>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace rope::ui {

namespace {

// Each worker of the pool runs at a lower priority than the GUI thread and Qt's own pool. A
// repaint that Qt splits over its global pool waits for those threads; with the panels'
// computations holding both cores at the same priority, one such repaint waited 302 ms for
// 105 ms of work (GUI monkey seed 13052). At nice 10 a computation still gets a core whenever
// nothing else wants it, and about a tenth of one beside a busy thread at nice 0 (the kernel
// weighs nice 0 against nice 10 as 1024 to 110), so it is delayed, never stopped: the
// application's computations yield to its own painting and to the user's other programs. The
// application asks for it (lowerComputePool() in main); the tests, two at a time beside each
// other's busy threads, leave their computations at the process's priority.
//
// Linux keeps a nice value per thread, and Qt's thread priorities do not reach it (for the
// normal scheduling policy QThread::setPriority changes nothing, and IdlePriority would let a
// busy machine starve the computations). So each worker sets its own, once: the pool's threads
// are made at start-up, one task per thread, and never expire, so no later thread misses it.
// (QThreadPool::waitForDone ends a pool's threads; only tests and the exit call it on this one.
// Threads made after it run at the process's priority.)
constexpr int kWorkerNice = 10;

void lowerThisThread() {
#if defined(Q_OS_LINUX)
    const auto tid = static_cast<id_t>(syscall(SYS_gettid));
    // Only ever lower: a process started niced further keeps its own value. Failure (a sandbox
    // forbidding it) leaves the thread at the process's priority: slower repaints under load,
    // nothing wrong.
    errno = 0;
    const int current = getpriority(PRIO_PROCESS, tid);
    if (errno == 0 && current < kWorkerNice) {
        (void)setpriority(PRIO_PROCESS, tid, kWorkerNice);
    }
#endif
}

} // namespace

int computeWorkerNice() {
    return kWorkerNice;
}

void lowerComputePool() {
    static const bool lowered = [] {
        QThreadPool& pool = computePool();
        pool.setExpiryTimeout(-1);
        // One task per thread: each holds its thread until all have started, so none runs
        // two of them and every thread the pool will ever have is lowered.
        const int threads = pool.maxThreadCount();
        // Static: a task may still be returning from go.acquire() when this lambda returns.
        static QSemaphore started;
        static QSemaphore go;
        for (int k = 0; k < threads; ++k) {
            pool.start([] {
                lowerThisThread();
                started.release();
                go.acquire();
            });
        }
        started.acquire(threads);
        go.release(threads); // the threads stay, idle (QThreadPool::waitForDone would end them)
        return true;
    }();
    Q_UNUSED(lowered);
}

QThreadPool& computePool() {
    // Constructed on first use; its destructor at exit waits for a computation still running,
    // as the global pool's does.
    static QThreadPool pool;
    // A task may still be writing a function-local static of another file (the lessons' memo
    // of their numbers) when main() returns; if that static was constructed after the pool, it
    // is destroyed first and the task writes freed memory (tst_accessibility crashed at exit so).
    // Post routines run in QCoreApplication's destructor, before any static is destroyed. Jobs
    // are cancelled by their panels before this (FigurePanel's destructor), so only short
    // tasks are left to wait for.
    static const bool drainedAtExit = [] {
        qAddPostRoutine([] { computePool().waitForDone(); });
        return true;
    }();
    Q_UNUSED(drainedAtExit);
    return pool;
}

namespace {
// One thread: exports are seconds at most and run one after another.
struct ExportPool : QThreadPool {
    ExportPool() { setMaxThreadCount(1); }
};
} // namespace

QThreadPool& exportPool() {
    static ExportPool pool;
    return pool;
}

void waitForExportPool() {
    exportPool().waitForDone();
}

} // namespace rope::ui
