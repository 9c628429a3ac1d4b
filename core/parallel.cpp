// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/parallel.h"

#include "core/rope_params.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

namespace rope {

namespace {
constexpr unsigned kProgressScale = 1U << 20;
constexpr int kMaxThreads = 256;
} // namespace

void WorkControl::setProgress(double fraction) const {
    const double f = std::isnan(fraction) ? 0.0 : std::clamp(fraction, 0.0, 1.0);
    m_progress.store(static_cast<unsigned>(std::lround(f * kProgressScale)),
                     std::memory_order_relaxed);
    if (m_listener) {
        m_listener(f);
    }
}

double WorkControl::progress() const noexcept {
    return static_cast<double>(m_progress.load(std::memory_order_relaxed)) / kProgressScale;
}

int resolveThreads(int requested) {
    if (requested < 0 || requested > kMaxThreads) {
        throw InvalidParameter("threads", "threads must be in [0, 256] (0 = all cores), got " +
                                              std::to_string(requested));
    }
    if (requested == 0) {
        // hardware_concurrency() may answer 0 when it cannot tell; one thread is always safe.
        return static_cast<int>(
            std::clamp(std::thread::hardware_concurrency(), 1U, static_cast<unsigned>(kMaxThreads)));
    }
    return requested;
}

namespace {

void checkThreads(int threads, const char* who) {
    if (threads < 1 || threads > kMaxThreads) {
        throw InvalidParameter("threads", std::string(who) + " needs 1 … 256 threads, got " +
                                              std::to_string(threads));
    }
}

// The blocks of parallelFor() and parallelForAlongside(): block b of `count` is
// [n·b/count, n·(b+1)/count), and the first exception of any block is kept for later.
class Blocks {
public:
    Blocks(std::size_t n, std::size_t count,
           const std::function<void(std::size_t, std::size_t)>& body, const WorkControl* control)
        : m_n(n), m_count(count), m_body(body), m_control(control) {}

    std::size_t count() const { return m_count; }

    // Runs block b unless the control is cancelled; never throws.
    void run(std::size_t b) noexcept {
        if (isCancelled(m_control)) {
            return;
        }
        try {
            m_body(begin(b), begin(b + 1));
        } catch (...) {
            fail(std::current_exception());
        }
    }

    void fail(std::exception_ptr e) noexcept {
        const std::lock_guard<std::mutex> lock(m_mutex);
        if (!m_failure) {
            m_failure = std::move(e);
        }
    }

    // Starts blocks [first, count) on threads of their own, in order; returns the first block
    // whose thread could not be started (count when all started). Those from there on are the
    // caller's to run.
    std::size_t start(std::size_t first, std::vector<std::thread>& workers) {
        workers.reserve(m_count - first);
        for (std::size_t b = first; b < m_count; ++b) {
            try {
                workers.emplace_back([this, b] { run(b); });
            } catch (const std::system_error&) {
                return b;
            }
        }
        return m_count;
    }

    void rethrow() const {
        if (m_failure) {
            std::rethrow_exception(m_failure);
        }
    }

private:
    std::size_t begin(std::size_t b) const { return m_n * b / m_count; }

    std::size_t m_n;
    std::size_t m_count;
    const std::function<void(std::size_t, std::size_t)>& m_body;
    const WorkControl* m_control;
    std::mutex m_mutex;
    std::exception_ptr m_failure;
};

} // namespace

void parallelFor(std::size_t n, int threads,
                 const std::function<void(std::size_t, std::size_t)>& body,
                 const WorkControl* control) {
    checkThreads(threads, "parallelFor");
    if (n == 0) {
        return;
    }
    Blocks blocks(n, std::min<std::size_t>(static_cast<std::size_t>(threads), n), body, control);
    std::vector<std::thread> workers;
    const std::size_t inlineFrom = blocks.start(1, workers);
    blocks.run(0);
    for (std::size_t b = inlineFrom; b < blocks.count(); ++b) {
        blocks.run(b);
    }
    for (std::thread& w : workers) {
        w.join();
    }
    blocks.rethrow();
}

void parallelForAlongside(std::size_t n, int threads,
                          const std::function<void(std::size_t, std::size_t)>& body,
                          const std::function<void()>& consume, const WorkControl* control) {
    checkThreads(threads, "parallelForAlongside");
    Blocks blocks(n, std::min<std::size_t>(static_cast<std::size_t>(threads), n), body, control);
    std::vector<std::thread> workers;
    const std::size_t inlineFrom = blocks.start(0, workers);
    for (std::size_t b = inlineFrom; b < blocks.count(); ++b) {
        blocks.run(b);
    }
    try {
        consume();
    } catch (...) {
        blocks.fail(std::current_exception());
    }
    for (std::thread& w : workers) {
        w.join();
    }
    blocks.rethrow();
}

} // namespace rope
