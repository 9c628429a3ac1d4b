// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/base_bound.h"
#include "core/base_bound_internal.h"

#include "core/cosine_sum_fast.h"
#include "core/decay.h"
#include "core/frequencies.h"
#include "core/parallel.h"
#include "core/rope_params.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <exception>
#include <functional>
#include <iterator>
#include <limits>
#include <mutex>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

// The feasibility landscape g(b) = min_m f_b(m) over a range of bases, and the b*(L) curve.

namespace rope {

using namespace base_bound_detail;

namespace {

// g(b) = min over m < count of f_b(m), one full scan (the same θ̃_i as the sweep).
LandscapePoint landscapePoint(int dim, double base, long long count) {
    SweepPoint point(dim);
    point.setBase(base);
    LandscapePoint out;
    out.base = base;
    out.minValue = std::numeric_limits<double>::infinity();
    BlockCosineSum scan(point.theta(), count);
    scan.run(0, count, [&out](long long m0, const double* f, long long n) {
        const long long k = std::min_element(f, f + n) - f;
        if (f[k] < out.minValue) {
            out.minValue = f[k];
            out.argmin = m0 + k;
        }
        return true;
    });
    return out;
}

} // namespace

FeasibilityLandscape feasibilityLandscape(long long context, int dim,
                                          const LandscapeOptions& options,
                                          const WorkControl* control) {
    validateContext(context);
    validateDim(dim, "dim");
    if (!(options.lowBase > 1.0 && options.highBase > options.lowBase &&
          options.highBase <= limits::kMaxBase)) {
        throw InvalidParameter("base", "landscape bases must satisfy 1 < low < high <= 1e30, got " +
                                           std::to_string(options.lowBase) + " … " +
                                           std::to_string(options.highBase));
    }
    if (options.samples < 2 || options.samples > 20000 || options.refineRounds < 0 ||
        options.refineRounds > 40) {
        throw InvalidParameter("samples", "landscape samples must be in [2, 20000] and refine "
                                          "rounds in [0, 40], got " +
                                              std::to_string(options.samples) + ", " +
                                              std::to_string(options.refineRounds));
    }
    if (options.threads < 1 || options.threads > 64) {
        throw InvalidParameter("threads", "threads must be in [1, 64], got " +
                                              std::to_string(options.threads));
    }
    const long long count = options.includeContext ? context + 1 : context;
    std::vector<double> bases;
    const double span = std::log(options.highBase / options.lowBase);
    for (int k = 0; k < options.samples; ++k) {
        bases.push_back(options.lowBase * std::exp(span * k / (options.samples - 1)));
    }
    bases.back() = options.highBase;
    for (double b : options.extraBases) {
        if (b >= options.lowBase && b <= options.highBase) {
            bases.push_back(b);
        }
    }
    std::sort(bases.begin(), bases.end());
    bases.erase(std::unique(bases.begin(), bases.end()), bases.end());

    FeasibilityLandscape out;
    // Evaluates `todo` on up to options.threads threads; the calling thread reports progress.
    // The total planned work is the samples plus at most `samples` refinements per round that
    // finds a sign change; `done`/`planned` is the reported fraction.
    std::size_t done = 0;
    const double planned =
        static_cast<double>(bases.size()) * (options.refineRounds > 0 ? 2.0 : 1.0);
    const auto evaluate = [&](const std::vector<double>& todo) {
        std::vector<LandscapePoint> results(todo.size());
        // Bases are handed out one at a time (their cost varies little, but a thread that
        // finishes early then takes the next one instead of idling).
        std::atomic<std::size_t> next{0};
        std::atomic<std::size_t> finished{0};
        // Set by the first failure: the other threads stop before their next base.
        std::atomic<bool> failed{false};
        const auto work = [&](bool reports) {
            try {
                for (std::size_t k = next++;
                     k < todo.size() && !failed.load() && !isCancelled(control); k = next++) {
                    results[k] = landscapePoint(dim, todo[k], count);
                    const std::size_t now = ++finished;
                    if (reports && control != nullptr) {
                        control->setProgress(
                            std::min(1.0, static_cast<double>(done + now) / planned));
                    }
                }
            } catch (...) {
                failed = true;
                throw;
            }
        };
        // Block 0 runs on the calling thread (parallelFor()): it alone reports progress.
        const int threads = static_cast<int>(
            std::clamp<std::size_t>(todo.size(), 1, static_cast<std::size_t>(options.threads)));
        parallelFor(static_cast<std::size_t>(threads), threads,
                    [&](std::size_t first, std::size_t last) {
                        for (std::size_t b = first; b < last; ++b) {
                            work(b == 0);
                        }
                    });
        done += finished;
        if (isCancelled(control)) {
            out.cancelled = true;
        }
        // After a cancel some slots were never computed (base 0): drop them.
        results.erase(std::remove_if(results.begin(), results.end(),
                                     [](const LandscapePoint& p) { return p.base == 0.0; }),
                      results.end());
        return results;
    };
    out.points = evaluate(bases);
    // Bisect in ln b between neighbours of opposite sign: the edges of the islands sharpen
    // where it matters, at the cost of one scan per new base.
    for (int round = 0; round < options.refineRounds && !out.cancelled; ++round) {
        std::vector<double> mids;
        for (std::size_t k = 1; k < out.points.size(); ++k) {
            const LandscapePoint& a = out.points[k - 1];
            const LandscapePoint& b = out.points[k];
            const bool change = (a.minValue >= 0.0) != (b.minValue >= 0.0);
            const double mid = std::sqrt(a.base * b.base);
            if (change && mid > a.base && mid < b.base &&
                mids.size() < static_cast<std::size_t>(options.samples) / 4) {
                mids.push_back(mid);
            }
        }
        if (mids.empty()) {
            break;
        }
        std::vector<LandscapePoint> added = evaluate(mids);
        if (out.cancelled) {
            break;
        }
        std::vector<LandscapePoint> merged;
        merged.reserve(out.points.size() + added.size());
        std::merge(
            out.points.begin(), out.points.end(), added.begin(), added.end(),
            std::back_inserter(merged),
            [](const LandscapePoint& x, const LandscapePoint& y) { return x.base < y.base; });
        out.points = std::move(merged);
    }
    if (control != nullptr && !out.cancelled) {
        control->setProgress(1.0);
    }
    return out;
}

int countFeasibleRuns(const std::vector<LandscapePoint>& points) {
    int runs = 0;
    bool inside = false;
    for (const LandscapePoint& p : points) {
        const bool feasible = p.minValue >= 0.0;
        runs += (feasible && !inside) ? 1 : 0;
        inside = feasible;
    }
    return runs;
}

void minimalBaseCurve(const std::vector<long long>& contexts, int dim,
                      const MinimalBaseOptions& options, int threads,
                      const std::function<void(std::size_t, const MinimalBase&)>& emit) {
    if (contexts.size() > 100000) {
        throw InvalidParameter("contexts",
                               "at most 100000 contexts, got " + std::to_string(contexts.size()));
    }
    for (std::size_t k = 1; k < contexts.size(); ++k) {
        if (contexts[k] <= contexts[k - 1]) {
            throw InvalidParameter("contexts", "contexts must be strictly increasing, got " +
                                                   std::to_string(contexts[k - 1]) + " then " +
                                                   std::to_string(contexts[k]));
        }
    }
    if (threads < 1 || threads > 64) {
        throw InvalidParameter("threads",
                               "threads must be in [1, 64], got " + std::to_string(threads));
    }
    // SweepBackend::Fast: one chain, each context swept from the lower bracket of the one before
    // it, with its full scans split over the threads. Two interleaved chains (the older
    // backends) each sweep the whole range of b, so together they take twice the certified
    // steps; one chain takes each step once. Each search is minimalBase()'s single sweep
    // (sweepSegment()), proven the same way; only the start differs.
    const bool oneChain = options.backend == SweepBackend::Fast;
    const std::size_t chains =
        oneChain ? 1 : std::min<std::size_t>(threads, std::max<std::size_t>(1, contexts.size()));
    std::vector<std::optional<MinimalBase>> done(contexts.size());
    std::exception_ptr failure;
    std::mutex mutex;
    std::condition_variable ready;
    const auto chain = [&](std::size_t first) {
        try {
            MinimalBaseOptions chained = options;
            if (oneChain) {
                chained.threads =
                    options.threads > 0 ? std::min(options.threads, threads) : threads;
            } else if (chained.threads == 0) {
                // The chains already use the cores: each scan gets its share of them.
                const auto cores = static_cast<std::size_t>(everyCore());
                chained.threads = static_cast<int>(std::max<std::size_t>(1, cores / chains));
            }
            for (std::size_t k = first; k < contexts.size(); k += chains) {
                const MinimalBase r =
                    canonicalBracket(contexts[k], dim, chained,
                                     oneChain ? sweepSegment(contexts[k], dim, chained, nullptr)
                                              : sweptBase(contexts[k], dim, chained));
                if (r.cancelled) {
                    const std::lock_guard<std::mutex> lock(mutex);
                    done[k] = r; // the emitter stops here
                    ready.notify_all();
                    return;
                }
                // Every base below r.lowerBracket fails L_k, hence every longer context.
                if (r.found && r.lowerBracket > chained.startBase) {
                    chained.startBase = r.lowerBracket;
                }
                const std::lock_guard<std::mutex> lock(mutex);
                done[k] = r;
                ready.notify_all();
                if (failure) {
                    return;
                }
            }
        } catch (...) {
            const std::lock_guard<std::mutex> lock(mutex);
            if (!failure) {
                failure = std::current_exception();
            }
            ready.notify_all();
        }
    };
    // Every chain runs on a worker while the calling thread emits in order (a chain whose
    // thread cannot start runs to its end first, and the emitter then finds its results ready).
    const auto emitInOrder = [&] {
        for (std::size_t k = 0; k < contexts.size(); ++k) {
            std::unique_lock<std::mutex> lock(mutex);
            ready.wait(lock, [&] { return done[k].has_value() || failure; });
            if (!done[k] || done[k]->cancelled) {
                break;
            }
            const MinimalBase r = *done[k];
            lock.unlock();
            try {
                emit(k, r);
                if (options.control != nullptr) {
                    options.control->setProgress(static_cast<double>(k + 1) /
                                                 static_cast<double>(contexts.size()));
                }
            } catch (...) {
                const std::lock_guard<std::mutex> relock(mutex);
                failure = std::current_exception(); // the chains stop after their current search
                break;
            }
        }
    };
    parallelForAlongside(
        chains, static_cast<int>(chains),
        [&](std::size_t first, std::size_t last) {
            for (std::size_t c = first; c < last; ++c) {
                chain(c);
            }
        },
        emitInOrder);
    if (failure) {
        std::rethrow_exception(failure);
    }
}

} // namespace rope
