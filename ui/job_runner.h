// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>

class QThreadPool;
class QTimer;

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
    /// True once the task should stop: its run was cancelled (JobRunner::cancel(), a newer
    /// start(), the runner gone) or interrupted (JobRunner::interrupt(): what it returns is
    /// still used).
    bool cancelled() const noexcept;
    /// That flag itself, for core: a rope::WorkControl constructed from it follows it.
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

/// \brief Runs its owner's long work, one task at a time, on a worker of a pool (computePool(),
/// or exportPool() for exports), in the
/// shape of Qt's Mandelbrot example's RenderThread: a newer request cancels the running task and
/// starts when it has stopped (requests in between are coalesced into the newest), a superseded
/// task's results are dropped, and everything a task hands back runs on the runner's (GUI)
/// thread through the event loop.
///
/// A result therefore never arrives before start() has returned to the event loop, and the
/// owner can show a pending state in between.
///
/// The runner also owns the clocks that go with long work, so that no owner keeps timers of its
/// own: a quiet time before a request starts (startAfter(): a dragged slider starts one run when
/// it settles), a signal once a run has been slow (slow(): when to show a busy mark or a
/// progress bar, so a short run never flashes one) and a ceiling on how often progress is
/// reported (setProgressInterval(): a progress bar repaints at once on every value).
///
/// Destroying the runner cancels its task; a task
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

    /// Makes the owner's task when a delayed request's quiet time is over (on the runner's
    /// thread, so it may read the owner's newest state); an empty task starts nothing.
    using TaskMaker = std::function<Task()>;

    /// A runner whose tasks run on computePool().
    explicit JobRunner(QObject* parent = nullptr);
    /// A runner whose tasks run on \p pool (which must outlive every task started).
    explicit JobRunner(QThreadPool& pool, QObject* parent = nullptr);
    ~JobRunner() override;

    /// Runs \p task: at once when nothing runs, else after the running task has stopped (it is
    /// cancelled now). A task waiting to start is replaced.
    void start(Task task);
    /// Debounce: once no other request has come for \p quietMs, calls \p make and start()s
    /// what it returns. A delayed request waiting already is replaced and its clock restarts; a
    /// running task is not touched until then.
    void startAfter(int quietMs, TaskMaker make);
    /// True while a delayed request waits for its quiet time.
    bool isWaiting() const noexcept;
    /// Forgets a delayed request still waiting (a running task goes on).
    void stopWaiting();
    /// Cancels the running task (its results are dropped) and forgets a waiting one, delayed
    /// or not.
    void cancel();
    /// Asks the running task to stop early (RunControl::cancelled() turns true) and keeps what
    /// it returns and delivers: a search stopped by the user keeps what it finished.
    void interrupt();
    /// True while a task runs or waits to start (a delayed request still in its quiet time
    /// does not count: isWaiting()). It stays true after the worker has returned until the
    /// result has been taken in on the runner's thread.
    bool isBusy() const noexcept { return m_running != nullptr || static_cast<bool>(m_pending); }
    /// True while the running task's worker has not returned: unlike isBusy(), it turns false
    /// on the worker itself, before the event loop has seen the result.
    bool isComputing() const noexcept;
    /// The newest progress the current (or last) task reported (0 before any), also one not
    /// yet signalled under setProgressInterval().
    double progress() const noexcept { return m_progress; }
    /// slow() is emitted once a task has run for \p ms (0, the default: never).
    void setSlowAfter(int ms);
    /// progressChanged() at most once per \p ms (the newest fraction; 0, the default: every
    /// report the event loop sees).
    void setProgressInterval(int ms);

signals:
    /// The current task reported progress (coalesced: the newest fraction).
    void progressChanged(double fraction);
    /// The current task finished and its result closure has run.
    void finished();
    /// The current task threw; \p reason is the exception's text.
    void failed(const QString& reason);
    /// A task has run for the time setSlowAfter() gave and runs on (once per task).
    void slow();
    /// No task runs or waits to start any more (after its result, failure or cancel).
    void idle();

private:
    friend class RunControl; // its queued progress call sets m_progress
    void launch(Task task);
    void ended(const std::shared_ptr<detail::RunState>& state, std::function<void()> result,
               const QString& error, bool threw);
    void reportProgress(const std::shared_ptr<detail::RunState>& state);
    void emitProgress();

    QThreadPool& m_pool;
    std::shared_ptr<detail::RunState> m_running;
    Task m_pending;
    TaskMaker m_delayed;
    QTimer* m_quiet;             ///< startAfter()'s clock
    QTimer* m_slowClock;         ///< setSlowAfter()'s clock, from each launch
    QTimer* m_progressGap;       ///< setProgressInterval()'s clock, from each progressChanged()
    bool m_progressHeld = false; ///< a report came while m_progressGap ran
    double m_progress = 0.0;
    // progressChanged is being emitted: a slot that processes events (QProgressDialog::setValue
    // of a modal dialog does) would otherwise let the next report overtake this one, so the
    // slots after it saw the fractions out of order. A report arriving meanwhile sets
    // m_progressAgain and the outer emission sends the newest fraction after it.
    bool m_emittingProgress = false;
    bool m_progressAgain = false;
};

} // namespace rope::ui
