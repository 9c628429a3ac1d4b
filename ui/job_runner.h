// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>

/// \file job_runner.h
/// One way to run long work off the GUI thread: a JobRunner owns one slot of work on
/// computePool() (ui/compute_pool.h), its cancel flag, its progress and its partial and final
/// results, which reach the GUI thread as queued calls, never by polling.

namespace rope::ui {

namespace detail {
struct RunState;
}

/// \brief What a task run by a JobRunner sees: its cancel flag, and the ways to report progress
/// and to hand results to the runner's thread. Safe to use from the worker thread.
class RunControl {
public:
    /// True once the run was cancelled (JobRunner::cancel(), a newer start(), the runner gone).
    bool cancelled() const noexcept;
    /// The flag itself, for core: a rope::WorkControl constructed from it follows it.
    const std::atomic<bool>* flag() const noexcept;
    /// The finished fraction, clamped to [0, 1]; the runner emits progressChanged() with the
    /// latest one at its next event-loop turn (a burst of steps is one signal).
    void progress(double fraction) const;
    /// Runs \p partial on the runner's thread, after every earlier delivery of this run, unless
    /// the run is cancelled or superseded by then (so it may assume the owner's state it was
    /// started for).
    void deliver(std::function<void()> partial) const;

private:
    friend class JobRunner;
    explicit RunControl(std::shared_ptr<detail::RunState> state) : m_state(std::move(state)) {}
    std::shared_ptr<detail::RunState> m_state;
};

/// \brief Runs its owner's long work, one task at a time, on a worker of computePool(), in the
/// shape of Qt's Mandelbrot example's RenderThread: a newer request cancels the running task and
/// starts when it has stopped (requests in between are coalesced into the newest), a superseded
/// task's results are dropped, and everything a task hands back runs on the runner's (GUI)
/// thread through the event loop.
///
/// A result therefore never arrives before start() has returned to the event loop, and the
/// owner can show a pending state in between. Destroying the runner cancels its task; a task
/// still running then finishes on its worker (it reads RunControl::cancelled() to stop early)
/// and its results go nowhere, so a task must not capture what its owner's destruction frees
/// except through the closures it returns or delivers.
class JobRunner : public QObject {
    Q_OBJECT

public:
    /// The slow part, run on a worker. It returns what to do with its result on the runner's
    /// thread (empty: nothing); that closure runs only if the run was neither cancelled nor
    /// superseded. An exception it throws becomes failed(what()).
    using Task = std::function<std::function<void()>(const RunControl& control)>;

    explicit JobRunner(QObject* parent = nullptr);
    ~JobRunner() override;

    /// Runs \p task: at once when nothing runs, else after the running task has stopped (it is
    /// cancelled now). A task waiting to start is replaced.
    void start(Task task);
    /// Cancels the running task (its results are dropped) and forgets a waiting one.
    void cancel();
    /// True while a task runs or waits to start.
    bool isBusy() const noexcept { return m_running != nullptr || static_cast<bool>(m_pending); }
    /// The last progress the current task reported (0 before any).
    double progress() const noexcept { return m_progress; }

signals:
    /// The current task reported progress (coalesced: the newest fraction).
    void progressChanged(double fraction);
    /// The current task finished and its result closure has run.
    void finished();
    /// The current task threw; \p reason is the exception's text.
    void failed(const QString& reason);

private:
    friend class RunControl; // its queued progress call sets m_progress
    void launch(Task task);
    void ended(const std::shared_ptr<detail::RunState>& state, std::function<void()> result,
               const QString& error, bool threw);

    std::shared_ptr<detail::RunState> m_running;
    Task m_pending;
    double m_progress = 0.0;
};

} // namespace rope::ui
