// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/job_runner.h"

#include "ui/compute_pool.h"

#include <QCoreApplication>
#include <QMetaObject>
#include <QMutex>
#include <QMutexLocker>
#include <QPointer>
#include <QThreadPool>
#include <QTimer>

#include <algorithm>
#include <deque>
#include <functional>
#include <cmath>
#include <exception>
#include <utility>

namespace rope::ui::detail {

namespace {

// What the workers hand to the GUI thread (progress, partial results, the end of a task), run
// one per turn of the event loop. Qt delivers every event posted before a round of posted events
// in that round, so several tasks ending together (a panel's figure and the presenter's, a lesson)
// used to run back to back in one turn: 105 ms at 3266 × 2148 (GUI monkey seed 1632950877). Here
// each delivery posts the next only after it has run, and Qt keeps an event posted during a round
// for the next one, so input, timers and paints get their turn in between.
struct TurnQueue {
    QMutex mutex;
    std::deque<std::function<void()>> calls;
    bool scheduled = false;
};

TurnQueue& turns() {
    static TurnQueue queue;
    return queue;
}

void deliverOne();

void scheduleTurn() {
    // No application (a worker ending during the program's exit): nothing is delivered any more.
    if (QCoreApplication* app = QCoreApplication::instance()) {
        QMetaObject::invokeMethod(app, &deliverOne, Qt::QueuedConnection);
    }
}

void deliverOne() {
    std::function<void()> call;
    {
        TurnQueue& q = turns();
        QMutexLocker lock(&q.mutex);
        if (q.calls.empty()) {
            q.scheduled = false;
            return;
        }
        call = std::move(q.calls.front());
        q.calls.pop_front();
        q.scheduled = !q.calls.empty();
        if (q.scheduled) {
            scheduleTurn();
        }
    }
    call();
}

void postTurn(std::function<void()> call) {
    TurnQueue& q = turns();
    QMutexLocker lock(&q.mutex);
    q.calls.push_back(std::move(call));
    if (!q.scheduled) {
        q.scheduled = true;
        scheduleTurn();
    }
}

} // namespace

// Shared by the runner and its worker. The worker never touches the runner itself: it posts
// closures to it under the mutex, and the runner's destructor clears the pointer under the same
// mutex, so no post can reach a runner being destroyed.
struct RunState {
    // stop: the task should end (cancelled or interrupted; what RunControl::flag() gives core).
    // dropped: its results go nowhere (cancelled or superseded). dropped implies stop.
    std::atomic<bool> stop{false};
    std::atomic<bool> dropped{false};
    std::atomic<bool> returned{false}; // the worker has come back from the task
    std::atomic<double> progress{0.0};
    // Set while a progress call is queued: the steps in between only update `progress`.
    std::atomic<bool> progressQueued{false};
    QMutex mutex;
    JobRunner* runner = nullptr;

    // Queued for the GUI thread (one delivery per turn, TurnQueue) while a runner listens; a
    // runner destroyed before the call runs has set `dropped` and cleared `runner`, which every
    // call checks.
    template <class F> void post(F&& call) {
        QMutexLocker lock(&mutex);
        if (runner != nullptr) {
            postTurn(std::function<void()>(std::forward<F>(call)));
        }
    }
};

} // namespace rope::ui::detail

namespace rope::ui {

bool RunControl::cancelled() const noexcept {
    return m_state->stop.load(std::memory_order_relaxed);
}

const std::atomic<bool>* RunControl::flag() const noexcept {
    return &m_state->stop;
}

void RunControl::progress(double fraction) const {
    // NaN counts as 0, as rope::WorkControl::setProgress does.
    const double clamped = std::isnan(fraction) ? 0.0 : std::clamp(fraction, 0.0, 1.0);
    m_state->progress.store(clamped, std::memory_order_relaxed);
    if (m_state->progressQueued.exchange(true)) {
        return; // the queued call reads the newest value
    }
    std::weak_ptr<detail::RunState> weak = m_state;
    m_state->post([weak] {
        const auto state = weak.lock();
        if (state == nullptr) {
            return;
        }
        state->progressQueued = false;
        // Only the running task's state still points at its runner and is not dropped.
        if (state->runner != nullptr && !state->dropped) {
            state->runner->reportProgress(state);
        }
    });
}

void RunControl::deliver(std::function<void()> partial) const {
    std::weak_ptr<detail::RunState> weak = m_state;
    m_state->post([weak, partial = std::move(partial)] {
        const auto state = weak.lock();
        if (state != nullptr && !state->dropped && partial) {
            partial();
        }
    });
}

JobRunner::JobRunner(QObject* parent) : JobRunner(computePool(), parent) {}

JobRunner::JobRunner(QThreadPool& pool, QObject* parent)
    : QObject(parent), m_pool(pool), m_quiet(new QTimer(this)), m_slowClock(new QTimer(this)),
      m_progressGap(new QTimer(this)) {
    for (QTimer* clock : {m_quiet, m_slowClock, m_progressGap}) {
        clock->setSingleShot(true);
    }
    connect(m_quiet, &QTimer::timeout, this, [this] {
        const TaskMaker make = std::exchange(m_delayed, nullptr);
        if (make) {
            start(make());
        }
    });
    connect(m_slowClock, &QTimer::timeout, this, [this] {
        if (m_running != nullptr) {
            emit slow();
        }
    });
    connect(m_progressGap, &QTimer::timeout, this, [this] {
        if (std::exchange(m_progressHeld, false) && m_running != nullptr) {
            emitProgress(); // the newest report of the gap, now
        }
    });
}

JobRunner::~JobRunner() {
    m_pending = nullptr;
    m_delayed = nullptr;
    if (m_running != nullptr) {
        m_running->dropped = true;
        m_running->stop = true;
        QMutexLocker lock(&m_running->mutex);
        m_running->runner = nullptr;
    }
}

void JobRunner::start(Task task) {
    if (!task) {
        return;
    }
    if (m_running != nullptr) {
        // One task at a time: the running one stops at its next check, and ended() starts the
        // newest request then. Two searches for one owner would only halve each other's cores.
        m_running->dropped = true;
        m_running->stop = true;
        m_pending = std::move(task);
        return;
    }
    launch(std::move(task));
}

void JobRunner::startAfter(int quietMs, TaskMaker make) {
    if (!make) {
        return;
    }
    m_delayed = std::move(make);
    m_quiet->start(std::max(quietMs, 0));
}

bool JobRunner::isWaiting() const noexcept {
    return m_quiet->isActive();
}

bool JobRunner::isComputing() const noexcept {
    return m_running != nullptr && !m_running->returned.load();
}

void JobRunner::stopWaiting() {
    m_quiet->stop();
    m_delayed = nullptr;
}

void JobRunner::cancel() {
    stopWaiting();
    m_pending = nullptr;
    if (m_running != nullptr) {
        m_running->dropped = true;
        m_running->stop = true;
    }
}

void JobRunner::interrupt() {
    if (m_running != nullptr) {
        m_running->stop = true;
    }
}

void JobRunner::setSlowAfter(int ms) {
    m_slowClock->setInterval(std::max(ms, 0));
    if (ms <= 0) {
        m_slowClock->stop();
    }
}

void JobRunner::setProgressInterval(int ms) {
    m_progressGap->setInterval(std::max(ms, 0));
}

void JobRunner::reportProgress(const std::shared_ptr<detail::RunState>& state) {
    if (state != m_running) {
        return;
    }
    m_progress = state->progress.load(std::memory_order_relaxed);
    if (m_progressGap->interval() > 0 && m_progressGap->isActive()) {
        m_progressHeld = true; // sent when the gap is over
        return;
    }
    emitProgress();
}

void JobRunner::emitProgress() {
    if (m_emittingProgress) {
        m_progressAgain = true; // sent by the emission under way, once it returns
        return;
    }
    if (m_progressGap->interval() > 0) {
        m_progressGap->start();
    }
    QPointer<JobRunner> self = this;
    const std::shared_ptr<detail::RunState> state = m_running;
    m_emittingProgress = true;
    do {
        m_progressAgain = false;
        emit progressChanged(m_progress);
        // A slot may have closed the window that owns the runner, or cancelled the run.
    } while (self != nullptr && m_progressAgain && m_running == state && state != nullptr &&
             !state->dropped);
    if (self != nullptr) {
        m_emittingProgress = false;
    }
}

void JobRunner::launch(Task task) {
    auto state = std::make_shared<detail::RunState>();
    state->runner = this;
    m_running = state;
    m_progress = 0.0;
    m_progressHeld = false;
    m_progressGap->stop();
    if (m_slowClock->interval() > 0) {
        m_slowClock->start();
    }
    m_pool.start([state, task = std::move(task)] {
        std::function<void()> result;
        QString error;
        bool threw = false;
        try {
            result = task(RunControl(state));
        } catch (const std::exception& e) {
            threw = true;
            error = QString::fromUtf8(e.what());
        } catch (...) {
            threw = true;
            // Shown to the user by whoever handles failed().
            error = QCoreApplication::translate("rope::ui::JobRunner",
                                                "the computation failed with an unknown error");
        }
        state->returned = true;
        // Posted even when cancelled: the runner learns that the worker is free and starts the
        // request that waited for it.
        state->post([state, result = std::move(result), error, threw]() mutable {
            if (state->runner != nullptr) {
                state->runner->ended(state, std::move(result), error, threw);
            }
        });
    });
}

void JobRunner::ended(const std::shared_ptr<detail::RunState>& state, std::function<void()> result,
                      const QString& error, bool threw) {
    if (state != m_running) {
        return;
    }
    m_running = nullptr;
    {
        QMutexLocker lock(&state->mutex);
        state->runner = nullptr; // its late progress calls go nowhere
    }
    const bool current = !state->dropped;
    if (m_pending) {
        launch(std::exchange(m_pending, nullptr));
    } else {
        m_slowClock->stop();
        m_progressGap->stop();
        m_progressHeld = false;
    }
    QPointer<JobRunner> self = this;
    if (current) {
        if (threw) {
            emit failed(error);
        } else {
            if (result) {
                result();
            }
            // The result closure may have closed the window that owns the runner.
            if (self != nullptr) {
                emit finished();
            }
        }
    }
    if (self != nullptr && !isBusy()) {
        emit idle();
    }
}

} // namespace rope::ui
