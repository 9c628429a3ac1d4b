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

void WorkControl::setProgress(double fraction) noexcept {
    const double f = std::isnan(fraction) ? 0.0 : std::clamp(fraction, 0.0, 1.0);
    m_progress.store(static_cast<unsigned>(std::lround(f * kProgressScale)),
                     std::memory_order_relaxed);
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

void parallelFor(std::size_t n, int threads,
                 const std::function<void(std::size_t, std::size_t)>& body,
                 const WorkControl* control) {
    if (threads < 1 || threads > kMaxThreads) {
        throw InvalidParameter("threads", "parallelFor needs 1 … 256 threads, got " +
                                              std::to_string(threads));
    }
    if (n == 0) {
        return;
    }
    const std::size_t blocks = std::min<std::size_t>(static_cast<std::size_t>(threads), n);
    const auto blockBegin = [&](std::size_t b) { return n * b / blocks; };
    std::mutex mutex;
    std::exception_ptr failure;
    const auto runBlock = [&](std::size_t b) {
        if (control != nullptr && control->cancelled()) {
            return;
        }
        try {
            body(blockBegin(b), blockBegin(b + 1));
        } catch (...) {
            const std::lock_guard<std::mutex> lock(mutex);
            if (!failure) {
                failure = std::current_exception();
            }
        }
    };
    std::vector<std::thread> workers;
    workers.reserve(blocks - 1);
    std::size_t inlineFrom = blocks; // blocks [inlineFrom, blocks) run here if spawning fails
    for (std::size_t b = 1; b < blocks; ++b) {
        try {
            workers.emplace_back(runBlock, b);
        } catch (const std::system_error&) {
            inlineFrom = b;
            break;
        }
    }
    runBlock(0);
    for (std::size_t b = inlineFrom; b < blocks; ++b) {
        runBlock(b);
    }
    for (std::thread& w : workers) {
        w.join();
    }
    if (failure) {
        std::rethrow_exception(failure);
    }
}

} // namespace rope
