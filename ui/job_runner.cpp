// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/job_runner.h"

#include "ui/compute_pool.h"

#include <QCoreApplication>
#include <QMetaObject>
#include <QMutex>
#include <QMutexLocker>
#include <QThreadPool>

#include <algorithm>
#include <cmath>
#include <exception>
#include <utility>

namespace rope::ui::detail {

// Shared by the runner and its worker. The worker never touches the runner itself: it posts
// closures to it under the mutex, and the runner's destructor clears the pointer under the same
// mutex, so no post can reach a runner being destroyed.
struct RunState {
    std::atomic<bool> cancel{false};
    std::atomic<double> progress{0.0};
    // Set while a progress call is queued: the steps in between only update `progress`.
    std::atomic<bool> progressQueued{false};
    QMutex mutex;
    JobRunner* runner = nullptr;

    template <class F> void post(F&& call) {
        QMutexLocker lock(&mutex);
        if (runner != nullptr) {
            QMetaObject::invokeMethod(runner, std::forward<F>(call), Qt::QueuedConnection);
        }
    }
};

} // namespace rope::ui::detail

namespace rope::ui {

bool RunControl::cancelled() const noexcept {
    return m_state->cancel.load(std::memory_order_relaxed);
}

const std::atomic<bool>* RunControl::flag() const noexcept {
    return &m_state->cancel;
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
        JobRunner* runner = state->runner;
        if (runner != nullptr && !state->cancel) {
            // Only the running task's state still points at its runner and is not cancelled.
            runner->m_progress = state->progress.load(std::memory_order_relaxed);
            emit runner->progressChanged(runner->m_progress);
        }
    });
}

void RunControl::deliver(std::function<void()> partial) const {
    std::weak_ptr<detail::RunState> weak = m_state;
    m_state->post([weak, partial = std::move(partial)] {
        const auto state = weak.lock();
        if (state != nullptr && !state->cancel && partial) {
            partial();
        }
    });
}

JobRunner::JobRunner(QObject* parent) : QObject(parent) {}

JobRunner::~JobRunner() {
    m_pending = nullptr;
    if (m_running != nullptr) {
        m_running->cancel = true;
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
        m_running->cancel = true;
        m_pending = std::move(task);
        return;
    }
    launch(std::move(task));
}

void JobRunner::cancel() {
    m_pending = nullptr;
    if (m_running != nullptr) {
        m_running->cancel = true;
    }
}

void JobRunner::launch(Task task) {
    auto state = std::make_shared<detail::RunState>();
    state->runner = this;
    m_running = state;
    m_progress = 0.0;
    computePool().start([state, task = std::move(task)] {
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
    const bool current = !state->cancel;
    if (m_pending) {
        launch(std::exchange(m_pending, nullptr));
    }
    if (!current) {
        return;
    }
    if (threw) {
        emit failed(error);
        return;
    }
    if (result) {
        result();
    }
    emit finished();
}

} // namespace rope::ui
