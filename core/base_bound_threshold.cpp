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

// The estimate of b* from the first negative distance, and allFeasibleAbove(): the base above
// which every base is feasible.

namespace rope {

using namespace base_bound_detail;

namespace {

// Tail certificate of allFeasibleAbove(): true if for every b ≥ B and every m < count,
// f_b(m) ≥ cos m + Σ_{i≥1} (m·θ_i(B) ≤ π ? cos(m·θ_i(B)) : −1) − E ≥ 0. On [0, π] cosine
// decreases, and φ_i = m·θ_i only shrinks as b grows, so each such term can only increase.
bool tailIsFeasible(int dim, double bigBase, long long count) {
    SweepPoint point(dim);
    point.setBase(bigBase);
    const Eigen::ArrayXd& theta = point.theta();
    // The largest m fail first: scan downward and stop at the first failure.
    for (long long m = count - 1; m >= 1; --m) {
        const double md = static_cast<double>(m);
        double g = std::cos(md * theta[0]);
        for (Eigen::Index i = 1; i < theta.size(); ++i) {
            const double phi = md * theta[i];
            g += phi <= std::numbers::pi ? std::cos(phi) : -1.0;
        }
        if (g < 2.0 * point.errorBound(m)) {
            return false;
        }
    }
    return true;
}

// What one allFeasibleAbove() may spend: its work cap (shared by both parts) and the cost model's
// estimate of the downward sweep, in full scans and in cosine-equivalents.
struct ThresholdBudget {
    double workLimit;
    double expectedScans;
    double expectedWork;
};

// The refusals of allFeasibleAbove(), before any work. Its certificate scans every m at every
// step, so the work grows like (L·d/2)^1.6: certified for L·d/2 ≤ 2^26 only. The downward sweep
// needs about 1 400 full scans at L·d/2 = 2^18 (L = 4 096, d = 128), and the number grows like
// (L·d/2)^0.6 (expectedThresholdScans()); what would run into the cap only after its whole
// budget is refused at once, with the estimate (above the old limit L·d/2 = 2^22; below it the
// sweeps run as before and stop at the cap).
ThresholdBudget thresholdBudget(long long context, int dim, const MinimalBaseOptions& options,
                                long long count) {
    const double pairDistances = static_cast<double>(context) * (dim / 2);
    if (pairDistances > 67108864.0) {
        throw InvalidParameter("context", "--all-above is certified for context × dim/2 <= "
                                          "2^26 only (L <= 2^20 at d = 128: its certificate "
                                          "scans every m at every step, work ~ (L·d/2)^1.6; see "
                                          "docs/base-bound.md), got context " +
                                              std::to_string(context) + " at dim " +
                                              std::to_string(dim));
    }
    const double workLimit = resolvedWorkLimit(options, context, dim);
    const double expectedScans = expectedThresholdScans(context, dim);
    const double expectedWork = expectedScans * sweepWork(0, 1, count, dim);
    // (estimatedThresholdSeconds() states the same model for the panel.)
    // Below 2^22 the estimate must exceed the cap fourfold (it is good to a factor of a few):
    // wide heads at short contexts cost mostly the scans' sincos tables (d = 4148, L = 2564:
    // about 30 000 scans of 7.6 ms) and would otherwise run into the cap only after ~20 s.
    if (workLimit > 0.0 && expectedWork > workLimit &&
        (pairDistances > 4194304.0 || expectedWork > 4.0 * workLimit)) {
        throw InvalidParameter(
            "context", "--all-above is certified for context × dim/2 <= 2^26 within its work "
                       "limit only: context " +
                           std::to_string(context) + " at dim " + std::to_string(dim) +
                           " needs about " + shortNumber(expectedScans) +
                           " full scans of every m, " + shortNumber(expectedWork) +
                           " cosine evaluations (about " +
                           shortNumber(workSeconds(expectedWork, options.backend)) +
                           " s of CPU here) against a limit of " + shortNumber(workLimit) +
                           " (its certificate scans every m at every step, work ~ (L·d/2)^1.6; see "
                           "docs/base-bound.md)");
    }
    return {workLimit, expectedScans, expectedWork};
}

// A base B at which the tail certificate (tailIsFeasible()) holds, which proves every base ≥ B
// feasible: doubled from b* until it holds, then bisected in ln b to 1 % towards a smaller such
// B (the bisection keeps as B only bases where it was seen to hold).
double certifiedTail(long long context, int dim, long long count, double bStar) {
    double hi = bStar;
    while (!tailIsFeasible(dim, hi, count)) {
        hi *= 2.0;
        if (hi > limits::kMaxBase) {
            throw InvalidParameter(
                "context",
                "--all-above found no tail certificate below 1e30 for the base at context " +
                    std::to_string(context) + ", dim " + std::to_string(dim) +
                    ": the tail bound stays within double rounding of 0 at some m "
                    "(small heads hug 0 near every odd multiple of π), so the "
                    "threshold b_T cannot be certified; b* (min-base without "
                    "--all-above) is " +
                    baseText(bStar));
        }
    }
    double lo = std::max(bStar, hi / 2.0);
    while (hi / lo > 1.01) {
        const double mid = std::sqrt(lo * hi);
        (tailIsFeasible(dim, mid, count) ? hi : lo) = mid;
    }
    return hi;
}

// One full scan of the downward sweep at a base: the minimum of f̃, the first certifiably
// negative distance (f̃ < −2E), and the tightest ratio (f̃ − 2E)/m over m ≥ 1, which bounds how
// far down the base may step while every f stays ≥ 0 (downwardStep()).
struct MarginScan {
    double ratio = std::numeric_limits<double>::infinity();
    long long argmin = -1;
    double minValue = std::numeric_limits<double>::infinity();
    long long negative = -1;
};

MarginScan marginScan(const SweepPoint& point, long long count) {
    // Locals, not the fields of the result: the scan's loop keeps them in registers (the result
    // is written through a pointer the values f[j] might alias).
    double ratio = std::numeric_limits<double>::infinity();
    long long argmin = -1;
    double minValue = std::numeric_limits<double>::infinity();
    long long negative = -1;
    BlockCosineSum scan(point.theta(), count);
    scan.run(0, count, [&](long long m0, const double* f, long long n) {
        for (long long j = 0; j < n; ++j) {
            const long long m = m0 + j;
            if (f[j] < minValue) {
                minValue = f[j];
                argmin = m;
            }
            const double margin = f[j] - 2.0 * point.errorBound(m);
            if (f[j] < -2.0 * point.errorBound(m) && negative < 0) {
                negative = m;
            }
            if (m > 0) {
                ratio = std::min(ratio, margin / static_cast<double>(m));
            }
        }
        return true;
    });
    return {ratio, argmin, minValue, negative};
}

// The step s down in t = ln b over which every f stays ≥ 0, from a scan whose margins are
// f̃ − 2E ≥ ratio·m > 0 (so the true f(m) ≥ ratio·m). Going down by u, θ_i grows by e^{c_i·u}
// ≤ e^u (each c_i = 2i/d < 1), so the slope bound m·Σ_i c_iθ_i at t − u is at most e^u times
// the one at t, and f(m) falls by at most m·Σ c_iθ_i·(e^s − 1) over the step. That stays below
// ratio·m while e^s − 1 ≤ y = ratio/Σ c_iθ_i, i.e. s ≤ ln(1 + y); s = y/(1 + y) ≤ ln(1 + y),
// less 10⁻⁹ relative for rounding. 0 when some margin is not positive (ratio ≤ 0).
double downwardStep(const SweepPoint& point, int dim, double ratio) {
    double slope = 0.0;
    for (Eigen::Index i = 0; i < point.theta().size(); ++i) {
        slope += (2.0 * static_cast<double>(i)) / dim * point.theta()[i];
    }
    const double y = ratio > 0.0 ? ratio / slope : 0.0;
    return y / (1.0 + y) * (1.0 - 1e-9);
}

// The first distance m with f̃ < −2E at `base` (certifiably negative, so `base` is infeasible),
// or −1 when there is none; the scan stops at the first one.
long long certifiedNegative(int dim, double base, long long count) {
    SweepPoint below(dim);
    below.setBase(base);
    long long witness = -1;
    BlockCosineSum scanBelow(below.theta(), count);
    scanBelow.run(0, count, [&](long long m0, const double* f, long long n) {
        for (long long j = 0; j < n; ++j) {
            if (f[j] < -2.0 * below.errorBound(m0 + j)) {
                witness = m0 + j;
                return false;
            }
        }
        return true;
    });
    return witness;
}

// The downward sweep of allFeasibleAbove(): full scans from the certified tail `tail` down in
// t = ln b, each step proven feasible by downwardStep(), until the step falls under δ (a little
// under ln(1 + tolerance)). There the base b·e^{−δ} decides: certifiably negative somewhere
// means [b·e^{−δ}, b] is the bracket of b_T; otherwise [b·e^{−step}, b] was certified and the
// sweep goes on from below it. The work cap counts what the sweep up to b* (`lowest`) spent.
MinimalBase downwardSweep(long long context, int dim, const MinimalBaseOptions& options,
                          const ThresholdBudget& budget, const MinimalBase& lowest, double tail,
                          long long count) {
    const double delta = 0.9 * std::log1p(options.relativeTolerance);
    const double spent = sweepWork(lowest.evaluations, lowest.scans, count, dim);
    const double scanWork = sweepWork(0, 1, count, dim);
    MinimalBase result;
    double t = std::log(tail);
    SweepPoint point(dim);
    for (;;) {
        if (isCancelled(options.control)) {
            MinimalBase cancelled;
            cancelled.cancelled = true;
            cancelled.base = std::numeric_limits<double>::quiet_NaN();
            return cancelled;
        }
        if (budget.workLimit > 0.0 &&
            spent + static_cast<double>(result.scans + 1) * scanWork > budget.workLimit) {
            throw InvalidParameter(
                "context",
                "--all-above needs more than its work limit of " + shortNumber(budget.workLimit) +
                    " cosine evaluations (about " +
                    shortNumber(workSeconds(budget.workLimit, options.backend)) +
                    " s of CPU here; estimated beforehand: " + shortNumber(budget.expectedScans) +
                    " full scans, about " +
                    shortNumber(workSeconds(budget.expectedWork, options.backend)) +
                    " s) at context " + std::to_string(context) + ", dim " + std::to_string(dim) +
                    " (stopped at base " + baseText(std::exp(t)) + ")");
        }
        const double b = std::exp(t);
        point.setBase(b);
        ++result.scans;
        const MarginScan scan = marginScan(point, count);
        if (scan.negative >= 0) {
            if (result.scans == 1) {
                throw std::logic_error("allFeasibleAbove: the tail certificate failed");
            }
            // Not reached after the first scan: every t below a certified step is scanned only
            // when the step was certified. Kept as a bracket all the same.
            result.lowerBracket = b;
            result.witness = scan.negative;
            return result;
        }
        result.found = true;
        result.base = b;
        result.argminDistance = scan.argmin;
        result.minValue = scan.minValue;
        const double step = downwardStep(point, dim, scan.ratio);
        if (step < delta) {
            const double probe = t - delta;
            ++result.scans;
            const long long witness = certifiedNegative(dim, std::exp(probe), count);
            if (witness >= 0) {
                result.lowerBracket = std::exp(probe);
                result.witness = witness;
                return result;
            }
            if (step <= 0.0) {
                throw InvalidParameter(
                    "context", "--all-above: f is within rounding of 0 at base " +
                                   std::to_string(b) + " (m = " + std::to_string(scan.argmin) +
                                   "); no certificate");
            }
        }
        t -= step;
    }
}

} // namespace

double estimateMinimalBase(long long context, int dim, const WorkControl* control) {
    validateContext(context);
    validateDim(dim, "dim");
    if (context <= 2) {
        return 1.0;
    }
    const auto stopped = [control] { return isCancelled(control); };
    const auto feasibleAt = [&](double b) { return !firstNegativeDistance(dim, b, context); };
    const double step = std::pow(10.0, 0.1);
    double below = kSweepStart;
    double above = kSweepStart;
    while (!feasibleAt(above)) {
        if (stopped()) {
            return std::numeric_limits<double>::quiet_NaN();
        }
        below = above;
        above *= step;
        if (above > limits::kMaxBase) {
            return std::numeric_limits<double>::quiet_NaN();
        }
    }
    if (above == kSweepStart) {
        return above;
    }
    for (int k = 0; k < 6; ++k) {
        if (stopped()) {
            return std::numeric_limits<double>::quiet_NaN();
        }
        const double middle = std::sqrt(below * above);
        (feasibleAt(middle) ? above : below) = middle;
    }
    return above;
}

double expectedThresholdScans(long long context, int dim) {
    // Measured full scans of the downward sweep (d = 128): 1 384 at L·d/2 = 2^18, 1 978 at 2^20,
    // 6 516 at 2^22; at 2^20 also 1 854 (d = 256), 2 317 (d = 1024), 2 339 (d = 64). The count
    // grows like (L·d/2)^0.55 there; the exponent 0.6 keeps the estimate at or above them.
    const double pairDistances = static_cast<double>(context) * static_cast<double>(dim / 2);
    return std::max(1.0, 1400.0 * std::pow(pairDistances / 262144.0, 0.6));
}

double estimatedThresholdSeconds(long long context, int dim) {
    const double scans = expectedThresholdScans(context, dim);
    return workSeconds(scans * sweepWork(0, 1, context, dim), SweepBackend::Fast);
}

// The threshold b_T in three parts: b* by the certified sweep (minimalBase()), a base from which
// the tail certificate holds, and the downward sweep from there to b_T.
MinimalBase allFeasibleAbove(long long context, int dim, const MinimalBaseOptions& options) {
    validateContext(context);
    validateDim(dim, "dim");
    const long long count = options.includeContext ? context + 1 : context;
    // One work budget for both parts: the sweep up to b* and the downward sweep from the tail.
    const ThresholdBudget budget = thresholdBudget(context, dim, options, count);
    MinimalBaseOptions first = options;
    first.startBase = 0.0;
    first.workLimit = budget.workLimit;
    const MinimalBase lowest = minimalBase(context, dim, first);
    if (lowest.cancelled || !lowest.found || lowest.base <= 1.0) {
        // No feasible base at all, or every base is feasible (b* = 1 = b_T).
        return lowest;
    }
    const double tail = certifiedTail(context, dim, count, lowest.base);
    return downwardSweep(context, dim, options, budget, lowest, tail, count);
}

} // namespace rope
