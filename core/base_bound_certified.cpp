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

// The canonical bracket of b* (docs/base-bound.md, "One bracket for every path") and
// minimalBase(), the certified sweep followed by it.

namespace rope {

using namespace base_bound_detail;

namespace {

// The canonical bracket (docs/base-bound.md, "One bracket for every path"). The sweeps of the
// backends and builds prove brackets [lower, base] of b* that differ in their last digits,
// because their rounded f̃ differ and so do the paths. The reported bracket is instead the cell
// of a fixed grid that contains b*: S_q, the doubles with at most q bits after the leading one
// (spacing 2^(e−q) in the binade [2^e, 2^(e+1))), cells (s, s'] between neighbours of S_q. Which
// cell holds b* is a fact about f, not about a path; every question below is answered only by a
// certificate (or left undecided, and then the sweep's own bracket is kept, canonical = false).
namespace canonical {

enum class Verdict { Feasible, Infeasible, Undecided };

struct BaseCheck {
    Verdict verdict = Verdict::Undecided;
    long long argmin = -1;
    double minValue = 0.0;
};

// q with 2^−q ≤ tolerance: a cell (s, s'] of S_q has s'/s − 1 ≤ 2^−q.
int gridBits(double tolerance) {
    return static_cast<int>(std::ceil(-std::log2(tolerance)));
}

// Spacing of S_q in the binade of x (x > 0 normal).
double spacing(double x, int q) {
    return std::ldexp(1.0, std::ilogb(x) - q);
}

// The smallest element of S_q that is ≥ x (exact: x/h is a power-of-two scaling).
double ceilToGrid(double x, int q) {
    const double h = spacing(x, q);
    return std::ceil(x / h) * h;
}

// The neighbours of s ∈ S_q.
double nextOnGrid(double s, int q) {
    return s + spacing(s, q);
}
double previousOnGrid(double s, int q) {
    // Below a power of two the spacing is half as large.
    const double h = spacing(s, q);
    return std::ldexp(1.0, std::ilogb(s)) == s ? s - 0.5 * h : s - h;
}

// Is the exact double b feasible? Certified both ways or undecided. A block scan of every m with
// the fast backend's θ̃: a value f̃ < −2E(m) proves f(m) < 0 (E = SweepPoint::errorBound(), the
// bound of the certificate). Otherwise every distance with f̃ within 4·max E of the smallest f̃
// (a superset of every distance with f̃ < 2E(m), and of every possible true minimiser, since
// f(m') ≤ f(m) needs f̃(m') ≤ f̃(m) + E(m) + E(m')) is recomputed in MPFR with θ_i of the exact
// b: feasible when each is ≥ its MPFR error, infeasible when one is ≤ −its error. The binding m
// and min f are the MPFR minimum of that set (ties to the smaller m), so they too are the same
// whatever evaluator found the bracket.
BaseCheck checkBase(long long count, int dim, double b, std::size_t maxPrecise) {
    BaseCheck out;
    SweepPoint point(dim, SweepBackend::Fast);
    point.setBase(b);
    const double window = 4.0 * point.errorBound(count - 1);
    double low = std::numeric_limits<double>::infinity();
    std::vector<std::pair<double, long long>> kept;
    bool negative = false;
    const auto prune = [&] {
        std::erase_if(
            kept, [&](const std::pair<double, long long>& k) { return k.first > low + window; });
    };
    BlockCosineSum scan(point.theta(), count);
    scan.run(0, count, [&](long long m0, const double* f, long long n) {
        for (long long j = 0; j < n; ++j) {
            const double v = f[j];
            if (v < -2.0 * point.errorBound(m0 + j)) {
                negative = true;
                return false;
            }
            if (v <= low + window) {
                low = std::min(low, v);
                kept.emplace_back(v, m0 + j);
                if (kept.size() > 4 * maxPrecise) {
                    prune();
                }
            }
        }
        return true;
    });
    if (negative) {
        out.verdict = Verdict::Infeasible;
        return out;
    }
    prune();
    if (kept.size() > maxPrecise) {
        return out;
    }
    bool decided = true;
    out.minValue = std::numeric_limits<double>::infinity();
    for (const auto& [v, m] : kept) {
        double error = 0.0;
        const double value = point.preciseValue(m, error);
        if (value + error < 0.0) {
            out.verdict = Verdict::Infeasible;
            return out;
        }
        decided = decided && value - error >= 0.0;
        if (value < out.minValue || (value == out.minValue && m < out.argmin)) {
            out.minValue = value;
            out.argmin = m;
        }
    }
    out.verdict = decided ? Verdict::Feasible : Verdict::Undecided;
    return out;
}

// What the refinement knows: every base in (1, proven) is infeasible, `feasible` is a
// certified-feasible base (so proven ≤ b* ≤ feasible), and the checks made so far.
struct Knowledge {
    double proven = 0.0;
    double feasible = 0.0;
    BaseCheck atFeasible;
    std::vector<std::pair<double, BaseCheck>> checked;
};

struct Refiner {
    long long context;
    int dim;
    long long count;
    const MinimalBaseOptions& options;
    std::size_t maxPrecise;
    Knowledge k;
    bool cancelled = false;

    BaseCheck check(double b) {
        for (const auto& [at, c] : k.checked) {
            if (at == b) {
                return c;
            }
        }
        const BaseCheck c = checkBase(count, dim, b, maxPrecise);
        k.checked.emplace_back(b, c);
        return c;
    }

    // Is b* ≤ s? True when s ≥ a certified-feasible base, false when s < proven. Else s is
    // checked (feasible: true); if s is infeasible, a certified sweep from `proven` to s either
    // passes s (every base up to s is infeasible: false) or stops at a base ≤ s that checkBase()
    // certifies feasible (true). Anything else is undecided.
    std::optional<bool> atMost(double s) {
        if (s >= k.feasible) {
            return true;
        }
        if (s < k.proven) {
            return false;
        }
        const BaseCheck c = check(s);
        if (c.verdict == Verdict::Feasible) {
            k.feasible = s;
            k.atFeasible = c;
            return true;
        }
        if (c.verdict == Verdict::Undecided) {
            return std::nullopt;
        }
        MinimalBaseOptions own = options;
        own.backend = SweepBackend::Fast;
        own.startBase = k.proven;
        own.relativeTolerance = 1e-12;
        own.workLimit = 0.0;
        SegmentControl control;
        control.endBase = s;
        MinimalBase r;
        try {
            r = sweepSegment(context, dim, own, &control);
        } catch (const InvalidParameter&) {
            return std::nullopt;
        }
        if (r.cancelled) {
            cancelled = true;
            return std::nullopt;
        }
        if (control.reachedEnd) {
            if (!(control.certifiedEnd >= s)) {
                return std::nullopt; // a rounding gap below s
            }
            k.proven = control.certifiedEnd;
            return false;
        }
        if (r.found && r.base <= s) {
            const BaseCheck f = check(r.base);
            if (f.verdict == Verdict::Feasible) {
                k.proven = std::max(k.proven, r.lowerBracket);
                k.feasible = r.base;
                k.atFeasible = f;
                return true;
            }
        }
        return std::nullopt;
    }
};

} // namespace canonical

} // namespace

namespace base_bound_detail {

MinimalBase canonicalBracket(long long context, int dim, const MinimalBaseOptions& options,
                             MinimalBase sweep) {
    using namespace canonical;
    if (sweep.found && sweep.base == 1.0) {
        sweep.canonical = true; // b* = 1, the infimum: at most m = 0, 1 are checked
        return sweep;
    }
    if (!sweep.found || sweep.roundingGaps > 0 || !(sweep.lowerBracket > 1.0)) {
        return sweep;
    }
    const long long count = options.includeContext ? context + 1 : context;
    const std::size_t maxPrecise =
        std::max<std::size_t>(64, 4096 / static_cast<std::size_t>(dim / 2));
    Refiner refiner{context, dim, count, options, maxPrecise, {}};
    // Cancelled inside the refinement: no answer (as a cancelled sweep), never the sweep's
    // non-canonical bracket under the canonical one's name.
    const auto undecided = [&refiner](MinimalBase r) {
        if (refiner.cancelled) {
            MinimalBase out;
            out.cancelled = true;
            out.base = std::numeric_limits<double>::quiet_NaN();
            out.lowerBracket = refiner.k.proven;
            return out;
        }
        return r;
    };
    refiner.k.proven = sweep.lowerBracket;
    refiner.k.feasible = sweep.base;
    // The sweep verified its base with its own evaluator; certify it here.
    refiner.k.atFeasible = refiner.check(sweep.base);
    if (refiner.k.atFeasible.verdict != Verdict::Feasible) {
        return sweep;
    }
    int q = gridBits(options.relativeTolerance);
    // The first s' ∈ S_q at or above the proven end with b* ≤ s'; every element of S_q below the
    // proven end is below b*. The sweep's bracket spans at most two cells.
    double upper = ceilToGrid(refiner.k.proven, q);
    for (int n = 0;; ++n) {
        const std::optional<bool> below = refiner.atMost(upper);
        if (!below || n > 4) {
            return undecided(sweep);
        }
        if (*below) {
            break;
        }
        upper = nextOnGrid(upper, q);
    }
    double lower = previousOnGrid(upper, q);
    // b* ∈ (lower, upper]. Halve until upper is feasible itself: b* is feasible and the feasible
    // set holds an interval [b*, b* + w), so the halving ends once the cell is narrower than w
    // (at the latest when upper is b*'s own double).
    while (refiner.check(upper).verdict != Verdict::Feasible) {
        if (refiner.check(upper).verdict == Verdict::Undecided || q >= 52) {
            return sweep;
        }
        ++q;
        const double middle = 0.5 * (lower + upper);
        const std::optional<bool> below = refiner.atMost(middle);
        if (!below) {
            return undecided(sweep);
        }
        (*below ? upper : lower) = middle;
    }
    const BaseCheck at = refiner.check(upper);
    sweep.base = upper;
    sweep.lowerBracket = lower;
    sweep.argminDistance = at.argmin;
    sweep.minValue = at.minValue;
    sweep.canonical = true;
    return sweep;
}

} // namespace base_bound_detail

MinimalBase minimalBase(long long context, int dim, const MinimalBaseOptions& options) {
    return canonicalBracket(context, dim, options, sweptBase(context, dim, options));
}

} // namespace rope
