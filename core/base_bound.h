// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Core>

#include <optional>

/// \file base_bound.h
/// How long a context a RoPE base can serve, and the smallest base for a context: the bound of
/// Xu, Men et al., "Base of RoPE Bounds Context Length" (arXiv 2405.14591, 2024), as solved
/// numerically by Su, "Transformer升级之路：18、RoPE的底数设计原则" (kexue.fm/archives/10122).
/// The criterion is that the cosine sum \f$f(m) = \sum_{i=0}^{d/2-1}\cos(m\,θ_i)\f$ (see
/// cosineSum() in decay.h) stays ≥ 0 for every integer distance m = 0 … L−1: then a key
/// similar to the query still earns more attention, on average, than a random key at every
/// distance inside the context. docs/base-bound.md compares the results with the published
/// tables.

namespace rope {

namespace limits {
/// Largest distances × pairs of one scan (firstNegativeDistance()): 2^34 ≈ 1.7e10
/// multiply-adds, a few seconds. At d = 128 it admits every context up to kMaxContext.
inline constexpr double kMaxScanWork = 17179869184.0;
/// Largest context × pairs of one minimalBase() search, 2^28: the search runs hundreds to
/// thousands of scans, so this keeps it well under a minute (L ≤ 4 194 304 at d = 128: ~17 s;
/// L ≤ 65 536 at d = 8192: ~4 s). L = 2^20, d = 128 takes about 4 s (one core).
inline constexpr double kMaxBaseSearchWork = 268435456.0;
} // namespace limits

/// \brief f(m) = Σ_i cos(m·θ_i) for the consecutive integer distances first … first+count−1.
///
/// Same values as cosineSum() over distanceRange(first, first+count−1) (to ~1e-13), but much
/// faster for long ranges: the angle-addition identity
/// \f$\cos((c \pm j)θ) = \cos(cθ)\cos(jθ) \mp \sin(cθ)\sin(jθ)\f$ with tables of cos/sin(jθ_i)
/// for j < K (K ≈ √(count/2)) and exact seeds at every block centre c turns the scan into matrix
/// products, about d/2 multiply-adds per distance, with one rounding chain per value. So there
/// is no drift: the error is ≤ ~8·(d/2)·ε whatever m (unlike a rotation recurrence
/// z ← z·e^{iθ}, whose error grows with the number of steps).
/// \param invFreq θ_i (rad/token), 1 … limits::kMaxDim/2 finite values ≥ 0.
/// \param first first distance, |first| ≤ 2^40.
/// \param count number of distances, 0 … limits::kMaxDecayPositions, last ≤ 2^40.
/// \warning Throws InvalidParameter("inv_freq", "positions").
Eigen::ArrayXd cosineSumRange(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, long long first,
                              long long count);

/// \brief Per-column minimum, maximum and mean of f(m) = Σ_i cos(m·θ_i) over consecutive integer
/// distances: what a plot of f at one column per pixel must draw so that no value is skipped.
struct CosineSumEnvelope {
    Eigen::ArrayXd firstDistance; ///< first m of each bucket (tokens)
    Eigen::ArrayXd lastDistance;  ///< last m of each bucket (tokens), ≥ firstDistance
    Eigen::ArrayXd minimum;       ///< min of f over the bucket's integer distances
    Eigen::ArrayXd maximum;       ///< max of f over the bucket
    Eigen::ArrayXd mean;          ///< arithmetic mean of f over the bucket
};

/// \brief Envelope of f(m) = Σ_i cos(m·θ_i) over every integer distance first … first+count−1,
/// split into B = min(buckets, count) consecutive buckets.
///
/// Bucket k holds the distances first + ⌊k·count/B⌋ … first + ⌊(k+1)·count/B⌋ − 1, so the
/// buckets partition the range and differ in size by at most one. f oscillates on the scale of
/// the fastest wavelength 2π/θ_0 ≈ 6 tokens, so a plot that samples one distance per pixel
/// aliases it into fake noise; the envelope is exact at any zoom (every m is evaluated with
/// cosineSumRange()'s block scan, about d/2 multiply-adds per distance).
/// \param invFreq θ_i (rad/token), 1 … limits::kMaxDim/2 finite values ≥ 0.
/// \param first first distance, |first| ≤ 2^40.
/// \param count number of distances, 1 … limits::kMaxContext, last ≤ 2^40, and
///        count × invFreq.size() ≤ limits::kMaxScanWork.
/// \param buckets number of columns, 1 … limits::kMaxDecayPositions.
/// \warning Throws InvalidParameter("inv_freq", "positions", "buckets").
CosineSumEnvelope cosineSumEnvelope(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                    long long first, long long count, long long buckets);

/// \brief The first integer distance m in [0, limit) with Σ_i cos(m·θ_i) < 0, if any.
///
/// This is the largest context the frequencies serve under the semantic-aggregation criterion:
/// every L ≤ the returned m keeps f ≥ 0 on 0 … L−1 (Su's "inverse function" L_max(b)). Every m
/// is evaluated (no sampling); the scan stops at the first negative value. Values within
/// ~1e-13 of zero are decided by rounding.
/// \param invFreq θ_i (rad/token), 1 … limits::kMaxDim/2 finite values ≥ 0.
/// \param limit number of distances scanned, 1 … limits::kMaxContext, and
///        limit × invFreq.size() ≤ limits::kMaxScanWork.
/// \return the first negative m, or std::nullopt if f(m) ≥ 0 for all m < limit.
/// \warning Throws InvalidParameter("inv_freq") or InvalidParameter("context").
std::optional<long long> firstNegativeDistance(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                               long long limit);

/// \brief firstNegativeDistance() for the default ladder \f$θ_i = b^{-2i/d}\f$.
/// \warning Throws InvalidParameter("dim", "base", "context").
std::optional<long long> firstNegativeDistance(int dim, double base, long long limit);

/// \brief Rule of thumb "L·θ_min < π/2": \f$L_{max} = \frac{π}{2\,θ_{min}}\f$ (tokens).
///
/// Up to this distance the slowest pair has turned less than a quarter turn, so its cosine is
/// still positive (seed note 000; RoFormer's choice of θ). θ_min is the smallest *positive*
/// θ_i (pairs with θ = 0 never turn); for θ_i = b^{-2i/d} it is b^{-(d-2)/d}, so L_max =
/// (π/2)·b^{(d-2)/d} ≈ (π/2)·b for large d.
/// \return +∞ if no θ_i is positive.
/// \warning Throws InvalidParameter("inv_freq").
double quarterTurnContext(const Eigen::Ref<const Eigen::ArrayXd>& invFreq);

/// \brief quarterTurnContext() for \f$θ_i = b^{-2i/d}\f$: (π/2)·b^{(d−2)/d}.
/// \warning Throws InvalidParameter("dim", "base").
double quarterTurnContext(int dim, double base);

/// \brief Period of the slowest pair, \f$λ_{max} = 2π/θ_{min}\f$ (tokens).
///
/// Beyond this distance the slowest pair repeats, so RoPE alone can no longer tell such
/// distances apart through that pair. For θ_i = b^{-2i/d} it is 2π·b^{(d−2)/d}; the seed
/// note's "2π·b" is its d → ∞ limit (θ_min → 1/b), an overestimate by the factor b^{2/d}
/// (1.155 for b = 1e4, d = 128).
/// \return +∞ if no θ_i is positive.
/// \warning Throws InvalidParameter("inv_freq").
double slowestPeriod(const Eigen::Ref<const Eigen::ArrayXd>& invFreq);

/// \brief slowestPeriod() for \f$θ_i = b^{-2i/d}\f$: 2π·b^{(d−2)/d}.
/// \warning Throws InvalidParameter("dim", "base").
double slowestPeriod(int dim, double base);

/// \brief Search settings of minimalBase().
struct MinimalBaseOptions {
    /// Grid points per decade of b for the upward scan, 10 … 100000. 1000 gives a grid ratio of
    /// 10^(1/1000) ≈ 1.0023.
    int gridPointsPerDecade = 1000;
    /// Bisection stops when hi/lo − 1 ≤ this, 1e-15 … 1e-2.
    double relativeTolerance = 1e-10;
};

/// \brief Result of minimalBase().
struct MinimalBase {
    /// False if no base b ≤ limits::kMaxBase keeps f ≥ 0 on 0 … L−1 (e.g. d = 2 and L ≥ 3,
    /// where θ_0 = 1 for every base and cos 2 < 0).
    bool found = false;
    /// b*: the refined base, verified feasible by a full scan of every m < L. 1 when L ≤ 2
    /// (every b > 1 is feasible; 1 is the infimum). NaN when not found.
    double base = 0.0;
    /// First feasible point of the logarithmic grid (upper end of the initial bracket).
    double gridBase = 0.0;
    /// Largest base shown infeasible below `base` (lower end of the final bracket); NaN if none.
    double infeasibleBase = 0.0;
    /// A distance m < L with f(m) < 0 at infeasibleBase (the witness), or −1.
    long long witness = -1;
    /// Bases examined (grid points + bisection midpoints).
    long long candidates = 0;
    /// Candidates that needed a scan over m (the others were settled by a cached witness).
    long long scans = 0;
};

/// \brief Smallest base b* such that \f$f_b(m) = \sum_{i=0}^{d/2-1}\cos(m\,b^{-2i/d}) \ge 0\f$
/// for every integer m = 0 … L−1 (Su, kexue.fm/archives/10122, definition of b*; Xu et al.,
/// arXiv 2405.14591).
///
/// The feasible set in b is not an interval (Su found that a feasible b₀ does not make every
/// b > b₀ feasible), so plain bisection on [1, ∞) is unsound. The search therefore:
/// 1. scans b upward on the logarithmic grid b_k = (4/π)·10^{k/N} (N = gridPointsPerDecade)
///    and stops at the first feasible grid point. Below 4/π nothing is feasible for L ≥ 3:
///    every θ_i ≥ 1/b > π/4 puts every 2θ_i in (π/2, 2], so f(2) < 0;
/// 2. bisects (geometrically) between the last infeasible and the first feasible grid point,
///    keeping "lo infeasible, hi feasible" as the invariant, until hi/lo − 1 ≤ tolerance;
/// 3. returns hi, which (like every accepted point) was verified by scanning every m < L.
/// A feasible island narrower than one grid step below the result can be missed; the result is
/// always feasible, and infeasibleBase is always infeasible. Infeasibility of a candidate is
/// first tried on cached witnesses (distances that were negative for earlier candidates); only
/// when none is negative does it scan, with firstNegativeDistance().
/// \param context L (tokens), 1 … limits::kMaxContext, and L·d/2 ≤ limits::kMaxBaseSearchWork.
/// \param dim d, even, 2 … limits::kMaxDim.
/// \warning Throws InvalidParameter("context", "dim", "grid", "tolerance").
MinimalBase minimalBase(long long context, int dim, const MinimalBaseOptions& options = {});

} // namespace rope
