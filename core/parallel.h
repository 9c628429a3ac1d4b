// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <utility>

/// \file parallel.h
/// The one place in rope_core that starts threads: every fan-out over independent pieces of work
/// (row blocks of a kernel, chains of contexts, the sequences of a training batch) goes through
/// parallelFor(), and every long computation is stopped and followed through one WorkControl.
/// Why one: each hand-written fan-out had its own answer to "what if a thread cannot start",
/// "what if a piece throws" and "how is it cancelled"; here there is one answer for all.

namespace rope {

/// \brief Cancellation and progress of one long computation, shared between the thread that
/// asked for it (which may cancel and read progress) and the threads doing it.
///
/// Progress is a fraction in [0, 1] stored as an integer of parts per 2^20, so a reader never
/// sees a torn value. A computation that cannot say how far it is leaves progress at 0.
/// A control may also follow a flag owned outside core (a panel's cancel flag): it then counts as
/// cancelled once either is set. It may tell a listener of each progress step, for a caller that
/// is notified rather than polling.
class WorkControl {
public:
    /// Called with each fraction set, on the thread that sets it (so it must be thread-safe).
    using ProgressListener = std::function<void(double fraction)>;

    WorkControl() = default;
    /// A control that is cancelled also when \p alsoCancelledBy is set (read, never written; it
    /// must outlive the control), and hands each progress step to \p onProgress when given.
    explicit WorkControl(const std::atomic<bool>* alsoCancelledBy, ProgressListener onProgress = {})
        : m_follow(alsoCancelledBy), m_listener(std::move(onProgress)) {}
    WorkControl(const WorkControl&) = delete;
    WorkControl& operator=(const WorkControl&) = delete;

    /// Asks the computation to stop at its next check; it then returns early and says so.
    void cancel() noexcept { m_cancelled.store(true, std::memory_order_relaxed); }
    /// True once cancel() was called (or the followed flag was set).
    bool cancelled() const noexcept {
        return m_cancelled.load(std::memory_order_relaxed) ||
               (m_follow != nullptr && m_follow->load(std::memory_order_relaxed));
    }
    /// Sets the fraction done, clamped to [0, 1]; NaN counts as 0. The listener, if any, then
    /// sees the clamped fraction (an exception it throws reaches the computation). Const: the
    /// computation, which holds the control as const (it may not cancel itself on the caller's
    /// behalf), still reports how far it is.
    void setProgress(double fraction) const;
    /// The last fraction set.
    double progress() const noexcept;

private:
    std::atomic<bool> m_cancelled{false};
    mutable std::atomic<unsigned> m_progress{0};
    const std::atomic<bool>* m_follow = nullptr;
    ProgressListener m_listener;
};

/// True when \p control is given and cancelled: the check of every cancellable loop in core.
inline bool isCancelled(const WorkControl* control) noexcept {
    return control != nullptr && control->cancelled();
}

/// \brief The number of workers for a request: \p requested itself when in [1, 256], all cores
/// (std::thread::hardware_concurrency(), at least 1) when 0.
/// \warning Throws InvalidParameter("threads") for a negative request or one above 256.
int resolveThreads(int requested);

/// \brief Runs body(begin, end) over [0, n) split into \p threads contiguous blocks of nearly
/// equal size (block b is [n·b/t, n·(b+1)/t)), block 0 on the calling thread.
///
/// Blocks are disjoint and cover [0, n) exactly once, so a body that writes only its own indices
/// needs no lock, and the result does not depend on \p threads as long as each index's work does
/// not. One thread (or n ≤ 1) starts no thread at all. If a thread cannot be started, its blocks
/// run on the calling thread. The first exception thrown by any block is rethrown here after
/// every block has finished. \p control, when given, is checked before each block starts: a
/// cancelled control skips blocks not yet started (the body should check it too for long blocks).
/// \param threads 1 … 256 (resolve 0 with resolveThreads() first).
void parallelFor(std::size_t n, int threads,
                 const std::function<void(std::size_t begin, std::size_t end)>& body,
                 const WorkControl* control = nullptr);

/// \brief parallelFor() with the calling thread kept free for \p consume: every block runs on a
/// worker thread of its own while the calling thread runs consume(), e.g. to hand results on in
/// order as the blocks produce them (minimalBaseCurve()).
///
/// Blocks are as in parallelFor() (block b is [n·b/t, n·(b+1)/t), t = min(threads, n)). A block
/// whose thread cannot be started runs on the calling thread *before* consume(), which then
/// finds its results ready; so consume() may wait for what the blocks produce, but a block must
/// never wait for consume(). The first exception of a block or of consume() is rethrown after
/// every block has finished. consume() is told of nothing: a body that fails must itself wake a
/// waiting consume(), and a consume() that fails must itself tell the blocks to stop (else they
/// run to their end before the exception is rethrown). \p control skips blocks not yet started,
/// as in parallelFor(); consume() runs even when n is 0.
/// \param threads 1 … 256.
void parallelForAlongside(std::size_t n, int threads,
                          const std::function<void(std::size_t begin, std::size_t end)>& body,
                          const std::function<void()>& consume,
                          const WorkControl* control = nullptr);

} // namespace rope
