// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>

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
class WorkControl {
public:
    /// Asks the computation to stop at its next check; it then returns early and says so.
    void cancel() noexcept { m_cancelled.store(true, std::memory_order_relaxed); }
    /// True once cancel() was called (or the computation's own bound was reached).
    bool cancelled() const noexcept { return m_cancelled.load(std::memory_order_relaxed); }
    /// Sets the fraction done, clamped to [0, 1]; NaN counts as 0.
    void setProgress(double fraction) noexcept;
    /// The last fraction set.
    double progress() const noexcept;
    /// For code that still takes a bare flag (MinimalBaseOptions::cancel).
    const std::atomic<bool>* flag() const noexcept { return &m_cancelled; }

private:
    std::atomic<bool> m_cancelled{false};
    std::atomic<unsigned> m_progress{0};
};

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

} // namespace rope
