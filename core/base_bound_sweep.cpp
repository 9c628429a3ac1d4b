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

// The certified sweep of b*(L, d) over t = ln b (docs/base-bound.md): full scans with their
// candidates, one sweep segment, the chunked sweep on several threads.

namespace rope {

using namespace base_bound_detail;

namespace base_bound_detail {

std::string shortNumber(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2g", v);
    return text;
}

std::string baseText(double b) {
    char text[32];
    std::snprintf(text, sizeof text, "%.10g", b);
    return text;
}

double resolvedWorkLimit(const MinimalBaseOptions& options, long long context, int dim) {
    if (options.workLimit != MinimalBaseOptions::kAutomaticWorkLimit) {
        return options.workLimit;
    }
    return sweepWorkLimit(context, dim) *
           (options.backend != SweepBackend::Reference ? limits::kFastWorkFactor : 1.0);
}

double workSeconds(double work, SweepBackend backend) {
    return work * (backend != SweepBackend::Reference ? 12e-9 : 30e-9);
}

} // namespace base_bound_detail

namespace {

// One full scan of every m < count at one base: the minimum, and the `keep` distances with the
// smallest f(m)/m (the candidates for the active set). |∂f/∂ln b| ≤ m·Σ_i c_iθ_i, so f/m ranks the
// negative distances by how long they must stay negative and the positive ones by how soon they
// can turn negative: the pool then also serves the next steps, not only this one.
struct FullScan {
    double minValue = std::numeric_limits<double>::infinity();
    long long argmin = -1;
    std::vector<std::pair<long long, double>> candidates; // (m, f), smallest f/m first
};

using Scored = std::pair<double, long long>; // (f/m, m)

// The scan of the distances first … first+count−1: the minimum and the candidates (unsorted,
// at most `keep`, every distance with f/m below the final cut among them).
struct ScanPart {
    double minValue = std::numeric_limits<double>::infinity();
    long long argmin = -1;
    std::vector<Scored> kept;
};

ScanPart scanPart(const Eigen::ArrayXd& theta, long long first, long long count, std::size_t keep) {
    ScanPart out;
    // Candidates with f/m below the current cut τ, trimmed to the best `keep` by nth_element
    // whenever they reach 4·keep: linear time. (A heap was slower than the scan's products:
    // positive f/m shrinks as m grows, so late distances keep displacing early ones.) f/m < τ is
    // tested as f < τ·m, with no division per distance; m = 0 never enters (f(0) = d/2).
    std::vector<Scored>& kept = out.kept;
    kept.reserve(4 * keep + 1);
    double tau = std::numeric_limits<double>::infinity();
    const auto trim = [&] {
        std::nth_element(kept.begin(), kept.begin() + static_cast<std::ptrdiff_t>(keep - 1),
                         kept.end());
        kept.resize(keep);
        tau = kept[keep - 1].first;
    };
    BlockCosineSum scan(theta, count);
    scan.run(first, count, [&](long long m0, const double* f, long long n) {
        double low = out.minValue;
        long long lowAt = -1;
        for (long long j = 0; j < n; ++j) {
            const double v = f[j];
            if (v < low) {
                low = v;
                lowAt = m0 + j;
            }
            const double md = static_cast<double>(m0 + j);
            if (v < tau * md) {
                kept.emplace_back(v / md, m0 + j);
                if (kept.size() >= 4 * keep) {
                    trim();
                }
            }
        }
        if (lowAt >= 0) {
            out.minValue = low;
            out.argmin = lowAt;
        }
        return true;
    });
    if (kept.size() > keep) {
        trim();
    }
    return out;
}

// Scans below this many distances stay on one thread (starting one costs ~50 µs).
constexpr long long kMinParallelScan = 65536;

FullScan fullScan(const SweepPoint& point, long long count, std::size_t keep, int threads = 1) {
    FullScan out;
    ScanPart all;
    if (threads <= 1 || count < kMinParallelScan) {
        all = scanPart(point.theta(), 0, count, keep);
    } else {
        // Contiguous parts, one per thread, each a block scan of its own (its own tables and
        // block centres, so its values round a little differently from one scan of the whole
        // range; the bound of errorBound() holds for each). Merged: the overall minimum (the
        // first distance attaining it) and the `keep` smallest f/m of all parts.
        const auto parts = static_cast<long long>(threads);
        std::vector<ScanPart> results(static_cast<std::size_t>(parts));
        const auto bound = [count, parts](long long k) { return count * k / parts; };
        // One part per block (parts blocks over [0, parts)), so part k is [bound(k), bound(k+1))
        // whatever parallelFor's own split.
        parallelFor(results.size(), threads, [&](std::size_t first, std::size_t last) {
            for (std::size_t k = first; k < last; ++k) {
                const auto kk = static_cast<long long>(k);
                results[k] = scanPart(point.theta(), bound(kk), bound(kk + 1) - bound(kk), keep);
            }
        });
        for (ScanPart& r : results) {
            if (r.minValue < all.minValue) {
                all.minValue = r.minValue;
                all.argmin = r.argmin;
            }
            all.kept.insert(all.kept.end(), r.kept.begin(), r.kept.end());
        }
        if (all.kept.size() > keep) {
            std::nth_element(all.kept.begin(),
                             all.kept.begin() + static_cast<std::ptrdiff_t>(keep - 1),
                             all.kept.end());
            all.kept.resize(keep);
        }
    }
    out.minValue = all.minValue;
    out.argmin = all.argmin;
    std::sort(all.kept.begin(), all.kept.end());
    for (const Scored& s : all.kept) {
        out.candidates.emplace_back(s.second, s.first * static_cast<double>(s.second));
    }
    return out;
}

// b·e^s rounded, pulled down by 4ε so that it does not exceed the exact value: the certified
// interval [b, b·e^s] must contain the next base of the sweep.
double advance(double b, double s) {
    return b * std::exp(s) * (1.0 - 4.0 * kEps);
}

// The cost model of the b* sweep's messages: the sweeps that succeed use between 4 and 45
// cosine-equivalents per (distance, pair) (limits::kSweepWorkPerPairDistance), each costing
// workSeconds(). "about A–B s of CPU here (…)" for a sweep of L·d/2 pair-distances.
std::string estimatedSweepTime(long long context, int dim, SweepBackend backend) {
    const double pairDistances = static_cast<double>(context) * static_cast<double>(dim / 2);
    return "about " + shortNumber(workSeconds(4.0 * pairDistances, backend)) + "–" +
           shortNumber(workSeconds(45.0 * pairDistances, backend)) +
           " s of CPU here (cost model: 4–45 cosine-equivalents per distance and pair, as the "
           "sweeps that succeed use, at " +
           (backend != SweepBackend::Reference ? std::string("12") : std::string("30")) +
           " ns each)";
}

} // namespace

double sweepWorkLimit(long long context, int dim) {
    const double pairDistances = static_cast<double>(context) * static_cast<double>(dim / 2);
    return std::clamp(limits::kSweepWorkPerPairDistance * pairDistances, limits::kMinSweepWork,
                      limits::kMaxBaseSweepWork);
}

double sweepWork(long long evaluations, long long scans, long long count, int dim) {
    const double pairs = static_cast<double>(dim / 2);
    return static_cast<double>(evaluations) * (pairs + limits::kEvaluationOverhead) +
           static_cast<double>(scans) *
               (static_cast<double>(count) * (limits::kScanCostPerDistance + pairs / 512.0) +
                limits::kScanSincosCost * pairs * scanSincosPerPair(count));
}

namespace base_bound_detail {

MinimalBase sweepSegment(long long context, int dim, const MinimalBaseOptions& options,
                         SegmentControl* control) {
    validateContext(context);
    validateDim(dim, "dim");
    if (static_cast<double>(context) * (dim / 2) > limits::kMaxBaseSearchWork) {
        throw InvalidParameter(
            "context", "context " + std::to_string(context) + " at dim " + std::to_string(dim) +
                           " exceeds the search limit context × dim/2 <= 2^29: the sweep would "
                           "need " +
                           estimatedSweepTime(context, dim, options.backend) +
                           ", against a cap of " +
                           shortNumber(workSeconds(limits::kMaxBaseSweepWork *
                                                       (options.backend != SweepBackend::Reference
                                                            ? limits::kFastWorkFactor
                                                            : 1.0),
                                                   options.backend)) +
                           " s");
    }
    if (!(options.relativeTolerance >= 1e-12 && options.relativeTolerance <= 1e-2)) {
        throw InvalidParameter("tolerance", "tolerance must be in [1e-12, 1e-2], got " +
                                                std::to_string(options.relativeTolerance));
    }
    if (!(options.startBase == 0.0 ||
          (options.startBase >= 1.0 && options.startBase <= limits::kMaxBase))) {
        throw InvalidParameter("start", "start base must be 0 or in [1, 1e30], got " +
                                            std::to_string(options.startBase));
    }
    if (options.threads < 0 || options.threads > 64) {
        throw InvalidParameter("threads", "threads must be in [0, 64] (0: every hardware "
                                          "thread), got " +
                                              std::to_string(options.threads));
    }
    const bool fast = options.backend != SweepBackend::Reference;
    const int scanThreads =
        (!fast || control != nullptr) ? 1 : (options.threads > 0 ? options.threads : everyCore());
    // Distances 0 … count−1.
    const long long count = options.includeContext ? context + 1 : context;
    MinimalBase result;
    if (count <= 2) {
        // f(0) = d/2 > 0 and f(1) = Σ cos θ_i > 0 because every θ_i is in (0, 1]: any b > 1.
        result.found = true;
        result.base = 1.0;
        result.lowerBracket = 1.0;
        result.argminDistance = count - 1;
        // The limit b → 1⁺ (θ_i → 1): f(1) → (d/2)·cos 1.
        result.minValue = count == 2 ? (dim / 2) * std::cos(1.0) : dim / 2.0;
        return result;
    }

    constexpr std::size_t kMaxActive = 8;
    constexpr std::size_t kEnoughFromPool = 1;
    constexpr std::size_t kEnoughFromActive = 1;
    // The upper end is tried at b·e^δ with δ a little under ln(1 + tolerance), so that the
    // bracket [lower, upper] is at most `tolerance` wide.
    const double delta = 0.9 * std::log1p(options.relativeTolerance);

    SweepPoint point(dim, options.backend);
    // Candidates kept from each full scan. With the screen (SweepPoint::screen(), a quarter of an
    // evaluation) a larger pool is cheap to walk and serves many more steps: at b*(2^20, 128) the
    // full scans fell from 168 (2 048 kept) to 17 (16 384 kept); 8 192 and 32 768 were slower.
    const std::size_t keepFromScan = point.canScreen() ? 16384 : 2048;
    double b = std::max(kSweepStart, options.startBase);
    point.setBase(b);
    // Every base in (1, certified) is infeasible: below 4/π by f(2) < 0, below a caller's start
    // by its own certificate, and then by the steps of the sweep.
    double certified = b;
    std::vector<long long> active; // distances negative at the previous step, best first
    // Candidates from the last full scan, each with what its last value proves: f ≥ low −
    // rate·(t − t₀) for every t = ln b ≥ t₀. A candidate that cannot be negative yet is skipped.
    struct Candidate {
        long long m;
        double t0;
        double low;
        double rate;
        double value = 0.0; // f̃ at tValue (evaluated, or screened: a guess, never a proof)
        double trend = 0.0; // ∂f/∂t at tValue when evaluated singly (a guess, never a proof)
        bool hasTrend = false;
        double tValue = 0.0;
    };
    std::vector<std::pair<double, std::size_t>> order; // (predicted f at t, pool index)
    std::vector<Candidate> pool;
    std::size_t poolCursor = 0; // where the next screened walk of the pool starts
    const auto toPool = [&](const SweepPoint& at, const FullScan& scan) {
        pool.clear();
        poolCursor = 0;
        const double t0 = std::log(at.base());
        for (const auto& [m, f] : scan.candidates) {
            pool.push_back(
                {m, t0, f - 2.0 * at.errorBound(m), at.slopeBound(m), f, 0.0, false, t0});
        }
    };
    long long witness = -1;

    const auto finish = [&](double lower, double upper, const FullScan& scan) {
        result.found = true;
        result.base = upper;
        result.lowerBracket = lower;
        result.witness = witness;
        result.argminDistance = scan.argmin;
        result.minValue = scan.minValue;
        return result;
    };

    const double workLimit = resolvedWorkLimit(options, context, dim);
    const auto gaveUp = [&](const std::string& why) {
        return InvalidParameter("context",
                                "min-base gave up at context " + std::to_string(context) +
                                    ", dim " + std::to_string(dim) + ": " + why + " at base " +
                                    baseText(b) + " (every smaller base is proven infeasible)");
    };
    // Pool distances screened (SweepPoint::screen()); eight screens cost about one evaluation.
    long long screens = 0;
    constexpr double kScreenSkip = 1e-2;
    const auto checkWork = [&] {
        const double others = control != nullptr && control->finishedWork != nullptr
                                  ? control->finishedWork->load()
                                  : 0.0;
        if (workLimit > 0.0 &&
            others + sweepWork(result.evaluations + screens / 8, result.scans, count, dim) >
                workLimit) {
            throw gaveUp("the certified sweep exceeded its work limit of " +
                         shortNumber(workLimit) + " cosine evaluations (about " +
                         shortNumber(workSeconds(workLimit, options.backend)) +
                         " s of CPU here; estimated beforehand: " +
                         estimatedSweepTime(context, dim, options.backend) +
                         ", so f crawls near 0 here and the total is unknown)");
        }
    };
    // The distances of a scan within rounding of 0 (f̃ < 2E(m)), lowest f̃ first, at most
    // kMaxPrecise; empty when there may be more of them than the candidates show (every
    // candidate is that low).
    // The MPFR budget is 4 096 pair-cosines per decision (64 distances at d = 128, 2 048 at
    // d = 4): a few milliseconds whatever d. Small heads need the larger count: at d = 4, f(m) =
    // cos m + cos(m·b^(−1/2)) is within rounding of 0 at every m near an odd multiple of π, and
    // L = 2^20 has more than 64 of them at once.
    const std::size_t kMaxPrecise =
        std::max<std::size_t>(64, 4096 / static_cast<std::size_t>(dim / 2));
    const auto nearZero = [kMaxPrecise](const SweepPoint& at, const FullScan& scan) {
        std::vector<std::pair<double, long long>> near;
        for (const auto& [m, f] : scan.candidates) {
            if (f < 2.0 * at.errorBound(m)) {
                near.emplace_back(f, m);
            }
        }
        std::vector<long long> out;
        if (near.size() == scan.candidates.size() || near.size() > kMaxPrecise) {
            return out;
        }
        std::sort(near.begin(), near.end());
        for (const auto& [f, m] : near) {
            out.push_back(m);
        }
        return out;
    };
    // Is the base of `scan` feasible? The old sweep: every f̃ ≥ 0. The fast one settles the
    // distances within rounding of 0 in MPFR: feasible when each is ≥ 0 beyond its MPFR error
    // (then `settled` reports the smallest MPFR value), infeasible when one is not.
    const auto feasible = [&](SweepPoint& at, const FullScan& scan, FullScan& settled) {
        settled = scan;
        if (!fast || scan.minValue < -2.0 * at.errorBound(scan.argmin)) {
            // Certifiably negative somewhere (or the old sweep's rule): no MPFR needed.
            return scan.minValue >= 0.0;
        }
        const std::vector<long long> near = nearZero(at, scan);
        if (near.empty()) {
            return scan.minValue >= 0.0;
        }
        settled.minValue = std::numeric_limits<double>::infinity();
        for (const long long m : near) {
            ++result.preciseEvaluations;
            double error = 0.0;
            const double value = at.preciseValue(m, error);
            if (value - error < 0.0) {
                return false;
            }
            if (value < settled.minValue) {
                settled.minValue = value;
                settled.argmin = m;
            }
        }
        return true;
    };
    long long gapsInARow = 0;
    for (;;) {
        if (isCancelled(options.control)) {
            result.found = false;
            result.cancelled = true;
            result.base = std::numeric_limits<double>::quiet_NaN();
            result.lowerBracket = certified;
            return result;
        }
        if (control != nullptr && isCancelled(control->stop)) {
            control->stopped = true;
            return result;
        }
        checkWork();
        // 1. The active set; then the pool; then a full scan, until some distance certifies a step.
        double step = 0.0;
        long long best = -1;
        std::vector<long long> next;
        // Evaluates m; a certified step may become the best and m joins the next active set.
        const auto tryDistance = [&](long long m, double& f) {
            ++result.evaluations;
            f = point.evaluate(m);
            double s = point.certifiedStep(m, f);
            // A step that cannot move b by one representable base certifies nothing new;
            // other distances (or a full scan) must take over at this b.
            if (s > 0.0 && !std::isinf(s) && advance(b, s) <= b) {
                s = 0.0;
            }
            if (s > 0.0) {
                if (s > step) {
                    step = s;
                    best = m;
                }
                if (next.size() < kMaxActive &&
                    std::find(next.begin(), next.end(), m) == next.end()) {
                    next.push_back(m);
                }
            }
            return s > 0.0;
        };
        const auto tryActive = [&] {
            double f = 0.0;
            std::size_t found = 0;
            for (std::size_t k = 0; k < active.size() && found < kEnoughFromActive; ++k) {
                found += tryDistance(active[k], f) ? 1 : 0;
            }
        };
        // The pool in order, skipping candidates proven non-negative here, until `enough`
        // certify a step; those move to the front (a distance that went negative once tends to
        // again).
        // The pool, skipping candidates proven non-negative here, most promising first, until
        // `enough` certify a step. "Most promising" is the lowest predicted f at this t: the
        // first-order extrapolation f̃ + (∂f/∂t)·(t − t₀) for a candidate evaluated singly,
        // its full-scan value otherwise. The order is only a guess: it decides how many
        // distances are evaluated, never what a step proves (that is certifiedStep()).
        const auto tryPool = [&](std::size_t enough) {
            const double t = std::log(b);
            const bool screen = point.canScreen();
            std::size_t found = 0;
            const auto visit = [&](std::size_t index) {
                Candidate& c = pool[index];
                if (screen) {
                    // A distance whose estimate exceeds kScreenSkip (> 10 × the estimate's
                    // error, cosine_sum_fast.h) has f̃ > 0 here and cannot certify a step: the
                    // certified evaluation is skipped, and the estimate only refreshes the
                    // prediction that orders later walks. The certificate `low` keeps its own t0.
                    double trend = 0.0;
                    ++screens;
                    const double estimate = point.screen(c.m, trend);
                    if (estimate > kScreenSkip) {
                        c.value = estimate;
                        c.trend = trend;
                        c.hasTrend = true;
                        c.tValue = t;
                        return;
                    }
                }
                double f = 0.0;
                const bool certifies = tryDistance(c.m, f);
                c = {c.m,
                     t,
                     f - 2.0 * point.errorBound(c.m),
                     point.slopeBound(c.m),
                     f,
                     point.trend(),
                     true,
                     t};
                found += certifies ? 1 : 0;
            };
            // Proven non-negative here by an earlier value: f ≥ low − rate·(t − t₀) > 0.
            const auto provenPositive = [t](const Candidate& c) {
                return t >= c.t0 && c.low - c.rate * (t - c.t0) * (1.0 + 1e-9) > 0.0;
            };
            if (screen) {
                // With the screen a visit costs about a quarter of an evaluation, less than
                // ranking the ~2 000 candidates by their (soon stale) predictions: the walk
                // goes round the pool from where the last one stopped.
                for (std::size_t n = 0; n < pool.size() && found < enough; ++n) {
                    const std::size_t k = poolCursor;
                    poolCursor = poolCursor + 1 < pool.size() ? poolCursor + 1 : 0;
                    if (!provenPositive(pool[k])) {
                        visit(k);
                    }
                }
                return;
            }
            order.clear();
            for (std::size_t k = 0; k < pool.size(); ++k) {
                const Candidate& c = pool[k];
                if (provenPositive(c)) {
                    continue;
                }
                const double predicted = c.value + (c.hasTrend ? c.trend * (t - c.tValue) : 0.0);
                order.emplace_back(-predicted, k); // max-heap on −predicted
            }
            if (!fast) {
                std::make_heap(order.begin(), order.end());
                while (!order.empty() && found < enough) {
                    std::pop_heap(order.begin(), order.end());
                    visit(order.back().second);
                    order.pop_back();
                }
                return;
            }
            // The same order as the heap's pops (largest (−predicted, k) first; the pairs are
            // distinct), sorted in chunks of 128: a walk stops after ~170 of ~2 000 candidates
            // at 2^20, so selecting a chunk (linear) and sorting it beats heap pops.
            constexpr std::size_t kChunk = 128;
            const std::greater<std::pair<double, std::size_t>> first;
            for (std::size_t done = 0; done < order.size() && found < enough;) {
                const std::size_t end = std::min(done + kChunk, order.size());
                if (end < order.size()) {
                    std::nth_element(order.begin() + static_cast<std::ptrdiff_t>(done),
                                     order.begin() + static_cast<std::ptrdiff_t>(end), order.end(),
                                     first);
                }
                std::sort(order.begin() + static_cast<std::ptrdiff_t>(done),
                          order.begin() + static_cast<std::ptrdiff_t>(end), first);
                for (; done < end && found < enough; ++done) {
                    visit(order[done].second);
                }
            }
        };
        tryActive();
        if (step == 0.0) {
            tryPool(kEnoughFromPool);
        }
        if (step == 0.0) {
            ++result.scans;
            const FullScan scan = fullScan(point, count, keepFromScan, scanThreads);
            FullScan settled;
            if (feasible(point, scan, settled)) {
                // b itself is feasible (every f ≥ 0) and everything below it was certified
                // infeasible: the bracket has width 0.
                return finish(certified, b, settled);
            }
            toPool(point, scan);
            tryPool(kEnoughFromPool);
            if (step == 0.0) {
                // Nothing is certifiably negative, yet some f̃ ∈ [−2E, 0): the sweep has reached
                // a zero of f to within rounding, and b is certified up to here. The base
                // b·e^δ decides: if every f ≥ 0 there, [b, b·e^δ] is the bracket.
                const double upper = b * std::exp(delta);
                SweepPoint probe(dim, options.backend);
                probe.setBase(upper);
                ++result.scans;
                const FullScan above = fullScan(probe, count, keepFromScan, scanThreads);
                if (feasible(probe, above, settled)) {
                    return finish(certified, upper, settled);
                }
                if (fast) {
                    // Where the old sweep stepped over a rounding gap, decide the signs in MPFR:
                    // the distances the scan at b left within rounding of 0 (f̃ < 2E), lowest
                    // first. A truly negative f(m) certifies a step as above
                    // (SweepPoint::preciseStep()).
                    for (const long long m : nearZero(point, scan)) {
                        ++result.preciseEvaluations;
                        double f = 0.0;
                        double s = point.preciseStep(m, f);
                        if (s > 0.0 && !std::isinf(s) && advance(b, s) <= b) {
                            s = 0.0;
                        }
                        if (s > step) {
                            step = s;
                            best = m;
                            next.assign(1, m);
                        }
                    }
                }
                if (step == 0.0) {
                    // An island narrower than δ, or rounding: step over a hair without a
                    // certificate; the certified lower end stays where it was.
                    ++result.roundingGaps;
                    if (++gapsInARow >= limits::kMaxConsecutiveRoundingGaps) {
                        throw gaveUp("f stays within rounding of 0 over " +
                                     std::to_string(gapsInARow) +
                                     " bases in a row, so double precision cannot certify a step");
                    }
                    b = std::nextafter(b * (1.0 + 64.0 * kEps), limits::kMaxBase);
                    if (b >= limits::kMaxBase) {
                        break;
                    }
                    point.setBase(b);
                    active.clear();
                    toPool(probe, above);
                    continue;
                }
            }
        }
        ++result.steps;
        gapsInARow = 0;
        active = std::move(next);
        // Keep the best distance first: it is the likeliest to certify the next step too.
        const auto it = std::find(active.begin(), active.end(), best);
        if (it == active.end()) {
            active.insert(active.begin(), best);
        } else {
            std::rotate(active.begin(), it, it + 1);
        }
        witness = best;
        if (std::isinf(step)) {
            break;
        }
        const double bNext = advance(b, step);
        if (bNext >= limits::kMaxBase) {
            break;
        }
        if (certified >= b) {
            certified = bNext;
        }
        b = bNext;
        point.setBase(b);
        if (control != nullptr && b >= control->endBase) {
            control->reachedEnd = true;
            control->certifiedEnd = certified;
            result.witness = witness;
            return result;
        }
    }
    // Infeasible for every base up to the search limit.
    result.found = false;
    result.base = std::numeric_limits<double>::quiet_NaN();
    result.lowerBracket = certified;
    result.witness = witness;
    return result;
}

} // namespace base_bound_detail

namespace {

// Contexts from which minimalBase() splits the sweep into chunks over several threads (below,
// one search takes milliseconds).
constexpr long long kMinChunkedCount = 16384;

// The chunked sweep of minimalBase(): the range of t = ln b above the start is cut into
// consecutive chunks [a_k, a_{k+1}), which `workers` threads sweep at the same time, each from
// its own a_k, with sweepSegment(). Why the result is the sweep's result: chunk k either passes
// a_{k+1}, proving every base in [a_k, a_{k+1}) infeasible, or stops at a feasible base (or
// the search limit). Let k* be the first chunk that does not pass its end. Every base below
// a_{k*} is proven infeasible by chunks 0 … k*−1, and chunk k* proves [a_{k*}, lower) and
// verifies its upper end exactly as the single sweep does; so its bracket is a bracket of b*.
// (The brackets can differ from the single sweep's in the last few ulps of b, since the steps
// that close in on the zero of f(m*) start from different bases; both are proven.) A
// chunk past a rounding gap proves only up to that gap: the lower end is then the first such
// gap, as in the single sweep. Chunks above k* are stopped; their work is lost (at most one
// chunk per thread).
MinimalBase chunkedSweep(long long context, int dim, const MinimalBaseOptions& options,
                         long long count, int workers) {
    struct Chunk {
        double start = 0.0;
        double end = 0.0;
        WorkControl stop;
        SegmentControl control;
        MinimalBase result;
        std::exception_ptr error;
        bool finished = false;
    };
    std::deque<Chunk> chunks; // a deque: references stay valid while it grows
    std::mutex mutex;
    std::mutex claiming;
    std::condition_variable finishedOne;
    bool closed = false;
    double next = std::max(kSweepStart, options.startBase);
    // Chunk widths in t: the first two 1 wide (the sweep is cheap at small b), then chunk k
    // sized from the certified steps per unit of t of chunk k − 2, extrapolated by e^{κ·Δt}
    // with κ = 1/2 (the steps per unit of t grow about that fast towards b*, since the
    // witnesses' distances m grow with b), to about count/50 steps: each chunk starts with a
    // full scan, which costs about as much as count/1000 steps. The boundaries depend only on
    // the chunks' step counts, not on timing or on the number of threads, so the result is the
    // same on every run and machine; the balance depends on them, never the proof.
    const double chunkSteps = std::max(1000.0, static_cast<double>(count) / 50.0);
    std::atomic<double> finishedWork{0.0};
    MinimalBaseOptions segment = options;
    segment.workLimit = resolvedWorkLimit(options, context, dim);
    const auto work = [&] {
        for (;;) {
            Chunk* chunk = nullptr;
            {
                // One claim at a time; a claim may wait for chunk k − 2 (run by the other
                // thread, which then finishes it without claiming in between).
                const std::lock_guard<std::mutex> claim(claiming);
                std::unique_lock<std::mutex> lock(mutex);
                const std::size_t k = chunks.size();
                double width = 1.0;
                if (k >= 2) {
                    const Chunk& basis = chunks[k - 2];
                    finishedOne.wait(lock, [&] { return closed || basis.finished; });
                    if (!closed) {
                        const double span = std::log(basis.end / basis.start);
                        const double stepsPerUnit =
                            static_cast<double>(std::max(basis.result.steps, 1LL)) / span;
                        const double growth = std::exp(
                            0.5 * (std::log(next) - 0.5 * std::log(basis.start * basis.end)));
                        width = std::clamp(chunkSteps / (stepsPerUnit * growth), 1e-9, 4.0);
                    }
                }
                if (closed) {
                    return;
                }
                chunk = &chunks.emplace_back();
                chunk->start = next;
                chunk->end = std::min(next * std::exp(width), limits::kMaxBase);
                next = chunk->end;
                closed = next >= limits::kMaxBase;
            }
            MinimalBaseOptions own = segment;
            own.startBase = chunk->start;
            chunk->control.endBase = chunk->end;
            chunk->control.stop = &chunk->stop;
            chunk->control.finishedWork = &finishedWork;
            try {
                chunk->result = sweepSegment(context, dim, own, &chunk->control);
            } catch (...) {
                chunk->error = std::current_exception();
            }
            const std::lock_guard<std::mutex> lock(mutex);
            chunk->finished = true;
            finishedOne.notify_all();
            const MinimalBase& r = chunk->result;
            finishedWork.store(finishedWork.load() + sweepWork(r.evaluations, r.scans, count, dim));
            if (chunk->control.reachedEnd && !chunk->error) {
                continue;
            }
            // A feasible base, the search limit or an error: no chunk above is needed.
            closed = true;
            bool above = false;
            for (Chunk& c : chunks) {
                if (above) {
                    c.stop.cancel();
                }
                above = above || &c == chunk;
            }
        }
    };
    // Every worker runs work() until the chunks are closed. A worker whose thread cannot start
    // runs after the calling thread's own loop, and then finds them closed: the sweep is the same
    // on fewer threads (a claim waits only for a chunk already claimed, so none waits forever).
    parallelFor(static_cast<std::size_t>(workers), workers,
                [&](std::size_t first, std::size_t last) {
                    for (std::size_t k = first; k < last; ++k) {
                        work();
                    }
                });
    // A cancelled search (options.control, shared by every chunk's options) has no answer: no
    // chunk's partial bracket is reported as one.
    if (isCancelled(options.control)) {
        MinimalBase cancelled;
        cancelled.cancelled = true;
        cancelled.base = std::numeric_limits<double>::quiet_NaN();
        // What stays proven: the chunks that passed their ends, in order from the start, and
        // the part of the next one its own sweep certified before it saw the flag.
        double proven = std::max(kSweepStart, options.startBase);
        for (const Chunk& c : chunks) {
            if (c.error || c.start > proven) {
                break;
            }
            if (c.control.reachedEnd) {
                proven = std::max(proven, c.control.certifiedEnd);
                if (c.control.certifiedEnd < c.end) {
                    break;
                }
                continue;
            }
            if (c.result.cancelled && c.result.lowerBracket > proven) {
                proven = c.result.lowerBracket;
            }
            break;
        }
        cancelled.lowerBracket = proven;
        for (const Chunk& c : chunks) {
            cancelled.steps += c.result.steps;
            cancelled.evaluations += c.result.evaluations;
            cancelled.scans += c.result.scans;
        }
        return cancelled;
    }
    // The first chunk that did not pass its end decides; the counts add up over it and the
    // chunks below (those above were only speculative).
    MinimalBase out;
    bool contiguous = true; // no rounding gap below the current chunk
    double lower = 0.0;     // the certified lower end where a gap stopped it
    long long witness = -1;
    for (Chunk& c : chunks) {
        if (c.error) {
            std::rethrow_exception(c.error);
        }
        const MinimalBase& r = c.result;
        out.steps += r.steps;
        out.evaluations += r.evaluations;
        out.scans += r.scans;
        out.roundingGaps += r.roundingGaps;
        out.preciseEvaluations += r.preciseEvaluations;
        if (c.control.reachedEnd) {
            if (contiguous && c.control.certifiedEnd < c.end) {
                contiguous = false;
                lower = c.control.certifiedEnd;
            }
            witness = r.witness >= 0 ? r.witness : witness;
            continue;
        }
        if (c.control.stopped) {
            throw std::logic_error("minimalBase: a chunk below the answer was stopped");
        }
        out.found = r.found;
        out.base = r.base;
        out.lowerBracket = contiguous ? r.lowerBracket : lower;
        out.witness = r.witness >= 0 ? r.witness : witness;
        out.argminDistance = r.argminDistance;
        out.minValue = r.minValue;
        return out;
    }
    throw std::logic_error("minimalBase: every chunk passed its end");
}

} // namespace

namespace base_bound_detail {

MinimalBase sweptBase(long long context, int dim, const MinimalBaseOptions& options) {
    // With the fast backend and two threads or more, long contexts are swept in chunks on every
    // thread at once (chunkedSweep()); invalid arguments go to sweepSegment(), which names them.
    const long long count = options.includeContext ? context + 1 : context;
    const int threads = options.threads > 0 ? options.threads : everyCore();
    const bool validStart = options.startBase == 0.0 ||
                            (options.startBase >= 1.0 && options.startBase <= limits::kMaxBase);
    if (options.backend != SweepBackend::Fast || options.threads < 0 || options.threads > 64 ||
        threads < 2 || count < kMinChunkedCount || context > limits::kMaxContext || !validStart) {
        return sweepSegment(context, dim, options, nullptr);
    }
    // Two threads: the chunk boundaries (chunkedSweep()) wait for the chunk two before.
    return chunkedSweep(context, dim, options, count, 2);
}

} // namespace base_bound_detail

} // namespace rope
