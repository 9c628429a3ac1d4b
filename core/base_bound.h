// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/parallel.h"

#include <Eigen/Core>

#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

/// \file base_bound.h
/// How long a context a RoPE base can serve, and the smallest base for a context: the bound of
/// Xu, Men et al., "Base of RoPE Bounds Context Length" (arXiv 2405.14591, 2024), as solved
/// numerically by Su, "Transformer升级之路：18、RoPE的底数选择原则" (kexue.fm/archives/10122).
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
/// Largest context × pairs of one minimalBase() search, 2^29 (L ≤ 8 388 608 at d = 128, and
/// every d ≤ 1024 at L ≤ 2^20). The certified sweep runs a few hundred full scans and
/// 10^5–10^6 single-distance evaluations: L = 2^20, d = 128 takes about 8 s of one core with
/// the reference evaluator, 3.5 s of CPU with the fast one (docs/PERFORMANCE.md); what the work
/// cap does not admit is refused with its CPU seconds in the message.
inline constexpr double kMaxBaseSearchWork = 536870912.0;
/// Work of the certified sweeps, in cosine-equivalents (one sincos, about 30 ns on the 2-vCPU
/// EPYC of docs/PERFORMANCE.md). A single-distance evaluation costs its d/2 sincos plus about
/// kEvaluationOverhead more (the certified step, the pool's ordering); a full scan costs about
/// kScanCostPerDistance + (d/2)/512 per distance (below d ≈ 512 the per-distance bookkeeping
/// outweighs the block products), plus kScanSincosCost per exact sincos of its tables and
/// block seeds (about (K + L/(2K))·d/2 with K ≈ √(L/2), K ≥ 32). Fitted by least squares to 11
/// timed sweeps from d = 4 to d = 128, within ±25 %; counting only the cosines (d/2 per
/// evaluation, (d/2)/128 per scanned distance) underestimated d = 4 sweeps tenfold, so their
/// cap let them run for minutes. The sincos term was missing until a wide head at a short
/// context (d = 4148, L = 2564: 178 000 sincos, 7.6 ms a scan, modelled as 0.14 ms) let
/// `min-base --all-above` run for 100 s instead of being refused.
inline constexpr double kEvaluationOverhead = 3.0;
inline constexpr double kScanCostPerDistance = 1.0 / 3.0;
/// One exact-angle sincos of a scan's tables (libm, 25–34 ns measured) in work units.
inline constexpr double kScanSincosCost = 2.5;
/// Work cap of one minimalBase() sweep (and of one allFeasibleAbove(), both parts together):
/// kSweepWorkPerPairDistance per (distance, pair), clamped to [kMinSweepWork, kMaxBaseSweepWork]
/// (about 1 s … 12 s here). The sweeps that succeed use 4 to 45 per (distance, pair):
/// b*(2^20, 128) needs 2.8e8 and b*(2^19, 128), the hardest row of the published tables (an
/// island), 3.8e8; the sweeps beyond the cap are those that crawl through bases
/// where some f stays within rounding of 0 (d = 4, 6, 8 at long contexts), or d·L far beyond
/// the published tables (d = 610, L = 500 000 needs twice the cap).
inline constexpr double kSweepWorkPerPairDistance = 100.0;
inline constexpr double kMinSweepWork = 3e7;
inline constexpr double kMaxBaseSweepWork = 4e8;
/// The default cap of a SweepBackend::Fast sweep is this multiple of sweepWorkLimit(): its
/// work units cost ≈ 12 ns instead of ≈ 30 ns (SLEEF's vector sincos, scans on two threads), so
/// the cap stays a matter of seconds (≈ 20 s of CPU at most) and admits sweeps the old one
/// refused after 12 s.
inline constexpr double kFastWorkFactor = 4.0;
/// Uncertified rounding gaps in a row (no certified step between them) after which the sweep
/// gives up: each gap moves b by 64 ulps, so a run of them crawls where double precision cannot
/// decide the sign of f (tens of thousands at d = 4, L = 614); no successful sweep tested has
/// any.
inline constexpr long long kMaxConsecutiveRoundingGaps = 32;
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
/// still positive (RoFormer's choice of θ, Su et al. 2021, arXiv:2104.09864). θ_min is the
/// smallest *positive* θ_i (pairs with θ = 0 never turn); for θ_i = b^{-2i/d} it is
/// b^{-(d-2)/d}, so L_max = (π/2)·b^{(d-2)/d} ≈ (π/2)·b for large d.
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

/// \brief Evaluator of the certified b* sweep (minimalBase()). Both prove every step the same
/// way; they differ in how fast f̃(m) is computed and so in the rounding of the path the sweep
/// takes (docs/base-bound.md, "Fast sweep").
enum class SweepBackend {
    /// SLEEF's 1-ulp sincos, four pairs per AVX2 vector (scalar SLEEF without it), full scans
    /// split over MinimalBaseOptions::threads, and MPFR for the signs double cannot decide; the
    /// pool walk screened by a cheap estimate, 16 384 candidates per full scan, and from
    /// L = 16 384 on the range of b swept in chunks on two threads at once (docs/base-bound.md).
    Fast,
    /// Fast as first released for issue #26 (the same evaluators, but every pool candidate
    /// evaluated in full, 2 048 per scan, one sweep): the baseline of `rope-cli bench-min-base`.
    FastBaseline,
    /// The serial evaluator of issue #12 (glibc sincos, one thread, a rounding gap where double
    /// cannot decide): the baseline of `rope-cli bench-min-base`.
    Reference,
};

/// \brief Search settings of minimalBase().
struct MinimalBaseOptions {
    /// Bracket width: the search stops once upper/lower − 1 ≤ this, 1e-12 … 1e-2.
    double relativeTolerance = 1e-9;
    /// Distances m ∈ [0, L] (Men et al. 2024's convention) instead of [0, L) (Su's).
    bool includeContext = false;
    /// A base known to be infeasible together with every smaller one (e.g. the lower bracket of
    /// a shorter context: b*(L, d) does not decrease with L), or 0 to start at 4/π.
    /// \warning The sweep trusts it: a start above b* gives a wrong answer.
    double startBase = 0.0;
    /// Work cap of the sweep in cosine-equivalents: kAutomaticWorkLimit for
    /// sweepWorkLimit(context, dim), 0 for none (background jobs with their own progress and
    /// cancel), or a positive cap.
    double workLimit = kAutomaticWorkLimit;
    static constexpr double kAutomaticWorkLimit = -1.0;
    /// Evaluator of the sweep.
    SweepBackend backend = SweepBackend::Fast;
    /// Threads of each full scan with SweepBackend::Fast and FastBaseline: 0 for every hardware
    /// thread, else 1 … 64. minimalBaseCurve() divides them among its chains. With Fast and
    /// two or more, contexts from 16 384 on are swept in chunks on two threads instead.
    int threads = 0;
    /// Cancelled by another thread to stop the search: checked once per certified step (and per
    /// scan of allFeasibleAbove()'s downward sweep), so a cancel takes effect within one step, a
    /// few full scans at most. The result then has cancelled = true and no base (never a number
    /// the sweep did not certify). minimalBaseCurve() also sets its progress (contexts handed
    /// on / contexts); a single search cannot tell how far it is (b* is what it looks for) and
    /// leaves it. nullptr: not cancellable. Must outlive the call.
    const WorkControl* control = nullptr;
};

/// \brief Result of minimalBase(): b* bracketed by lowerBracket ≤ b* ≤ base.
struct MinimalBase {
    /// False if no base b ≤ limits::kMaxBase keeps f ≥ 0 (e.g. d = 2 and L ≥ 3, where
    /// θ_0 = 1 for every base and cos 2 < 0).
    bool found = false;
    /// Upper end of the bracket: a base verified feasible (a full scan of every m gives f ≥ 0).
    /// 1 when at most distances 0 and 1 are checked (every b > 1 is feasible; 1 is the
    /// infimum). NaN when not found.
    double base = 0.0;
    /// Lower end of the bracket: every base in (1, lowerBracket) is proven infeasible.
    /// base/lowerBracket − 1 ≤ the tolerance unless roundingGaps > 0.
    double lowerBracket = 0.0;
    /// The distance whose negative f certified the last step below lowerBracket, or −1.
    long long witness = -1;
    /// The binding distance: argmin over m of f at `base`.
    long long argminDistance = -1;
    /// min over m of f at `base` (≥ 0, small: b* sits where this minimum touches 0).
    double minValue = 0.0;
    /// Certified steps of the sweep.
    long long steps = 0;
    /// Single-distance evaluations (d/2 cosines each).
    long long evaluations = 0;
    /// Full scans of every m (about d/2 multiply-adds per distance).
    long long scans = 0;
    /// Points where no distance was certifiably negative and yet some f̃ ∈ [−E, 0): stepped
    /// over by a few ulps without a certificate. 0 in every successful sweep tested; the sweep
    /// gives up after limits::kMaxConsecutiveRoundingGaps of them in a row.
    long long roundingGaps = 0;
    /// Single-distance evaluations in MPFR (SweepBackend::Fast only): where every f̃ that the
    /// double scan left negative lay within its rounding bound of 0.
    long long preciseEvaluations = 0;
    /// The bracket is the canonical one (docs/base-bound.md, "One bracket for every path"):
    /// lowerBracket and base are the neighbours s < b* ≤ s' in the set of doubles with at most
    /// q bits after the leading one, q ≥ ⌈−log₂ tolerance⌉ the smallest for which s' is
    /// feasible, so every backend and build reports the same numbers. False where a question of
    /// the refinement stayed undecided (never seen); then the sweep's own bracket is reported.
    bool canonical = false;
    /// Stopped by MinimalBaseOptions::control: found is false and base NaN, whatever the sweep
    /// had reached (lowerBracket is still proven: every base below it is infeasible).
    bool cancelled = false;
};

/// \brief The default work cap of minimalBase() and allFeasibleAbove() at this size, in
/// cosine-equivalents: limits::kSweepWorkPerPairDistance · L · d/2 clamped to
/// [limits::kMinSweepWork, limits::kMaxBaseSweepWork].
double sweepWorkLimit(long long context, int dim);

/// \brief Work of a sweep so far, in cosine-equivalents (limits::kEvaluationOverhead): its
/// single-distance evaluations and full scans of `count` distances at dimension `dim`.
double sweepWork(long long evaluations, long long scans, long long count, int dim);

/// \brief Smallest base b* such that \f$f_b(m) = \sum_{i=0}^{d/2-1}\cos(m\,b^{-2i/d}) \ge 0\f$
/// for every integer m = 0 … L−1 (or 0 … L with MinimalBaseOptions::includeContext), bracketed
/// to a relative width ≤ the tolerance (Su, kexue.fm/archives/10122, definition of b*; Xu,
/// Men et al., arXiv 2405.14591).
///
/// The feasible bases form a union of intervals, some of them narrow islands, so neither
/// bisection nor a grid is sound. The search sweeps t = ln b upward from 4/π (below which
/// f(2) < 0) and only takes *certified* steps: at b, a distance m with
/// \f$\tilde f(m) < -E(m)\f$ (E the rounding bound) stays negative for all b' ∈ [b, b·e^s]
/// where s comes from the per-pair bound
/// \f$f(t+s) ≤ f(t) + \sum_i \min(1-\cos φ_i,\ |\sin φ_i|\,w_i + w_i^2/2)\f$,
/// \f$w_i = m\,θ_i\,(2i/d)\,s\f$ (φ_i = mθ_i only shrinks as b grows). Each step evaluates
/// only the few m that were negative at the previous one (an active set), then the distances of
/// the last full scan, and scans every m only when none of them is negative. The sweep stops at
/// the first base where a full scan finds every f ≥ 0; when the steps become shorter than the
/// tolerance it tries b·(1+tolerance) directly. docs/base-bound.md gives the proof.
/// With SweepBackend::Fast (the default) the single distances are evaluated with SLEEF's 1-ulp
/// sincos (E(m) then takes the larger of the block scan's and SLEEF's proven arithmetic bound),
/// the full scans run on MinimalBaseOptions::threads threads, and distances within rounding of
/// 0 are settled in MPFR (a step from a truly negative f, a feasible verdict only when each is
/// truly ≥ 0), where the reference sweep stepped over uncertified rounding gaps.
/// \param context L (tokens), 1 … limits::kMaxContext, and L·d/2 ≤ limits::kMaxBaseSearchWork.
/// \param dim d, even, 2 … limits::kMaxDim.
/// \warning Throws InvalidParameter("context", "dim", "tolerance", "start"), and
/// InvalidParameter("context") when the sweep exceeds its work limit
/// (MinimalBaseOptions::workLimit) or crawls through limits::kMaxConsecutiveRoundingGaps
/// uncertified bases in a row.
MinimalBase minimalBase(long long context, int dim, const MinimalBaseOptions& options = {});

/// \brief A quick, **uncertified** estimate of b*(L, d), for a display while the certified
/// search runs (the base-bound panel while d is dragged, where no finished search bounds b*).
///
/// The first base feasible on the log grid b_k = (4/π)·10^(k/10) (every m < L scanned at each,
/// firstNegativeDistance(), which stops at the first negative f and so is cheap far below b*),
/// then 6 bisections in ln b between it and the grid point below (relative step ≈ 0.4 %). It
/// treats feasibility as if it were monotone in b, which it is not: an island narrower than the
/// grid step is missed, so the estimate can lie above b* (up to the next feasible stretch), and
/// it is never below the grid point under the first feasible one. Not a bound; the panel marks
/// it as an estimate.
/// \param control checked before each grid base and bisection (nullptr: not cancellable); no
///        progress (how far the grid must go is what it looks for).
/// \return the estimate, 1 when L ≤ 2, NaN when \p control is cancelled or no grid base ≤ 1e30
///         is feasible.
/// \warning Throws InvalidParameter("context", "dim") as firstNegativeDistance().
double estimateMinimalBase(long long context, int dim, const WorkControl* control = nullptr);

/// \brief The threshold b_T(L, d) above which every base is feasible: the smallest b_T with
/// f_b(m) ≥ 0 for every b ≥ b_T and every m (≥ b*; between b* and b_T lie the islands).
///
/// Two certificates (docs/base-bound.md): (1) a tail bound: for b ≥ B each pair with
/// m·θ_i(B) ≤ π can only turn back towards 0, so f_b(m) ≥ cos m + Σ_{i≥1} g_i with
/// g_i = cos(m·θ_i(B)) if m·θ_i(B) ≤ π and −1 otherwise; B is the smallest power-of-2 multiple
/// of b* where that bound is ≥ 0 for every m, refined by bisection (the bound increases with B).
/// (2) a downward sweep from B: a full scan at t = ln b shows every f ≥ margin_m, and since
/// |∂f/∂t| ≤ m·Σ_i (2i/d)·θ_i(t') grows at most like e^{t−t'} below t, the interval
/// [t − y/(1+y), t] with y = min_m (margin_m/m)/Σ_i (2i/d)θ_i(t) stays feasible. The sweep
/// stops when a full scan finds a certifiably negative f. Every step scans every m, so the work
/// grows like L²·(d/2)·(oscillation of f in ln b): L ≤ 65 536 at d = 128.
/// Result fields: base = b_T (verified feasible, and so is every larger base), lowerBracket = a
/// base with a certifiably negative f (at m = witness), base/lowerBracket − 1 ≤ tolerance.
/// \param context L, 1 … limits::kMaxContext, and L·d/2 ≤ 2^26; refused at once, with the
/// estimated number of scans and CPU time, when the downward sweep's estimated work (≈ 1 400
/// scans at L·d/2 = 2^18, growing like (L·d/2)^0.6) exceeds the work limit.
/// \warning Throws InvalidParameter("context", "dim", "tolerance"), and
/// InvalidParameter("context") when both sweeps together would exceed the work limit
/// (MinimalBaseOptions::workLimit, sweepWorkLimit() by default).
MinimalBase allFeasibleAbove(long long context, int dim, const MinimalBaseOptions& options = {});

/// \brief CPU seconds allFeasibleAbove() is expected to need, by the cost model its refusals
/// state: expectedThresholdScans() full scans of every m, each sweepWork(0, 1, L, d)
/// cosine-equivalents at 12 ns.
/// An estimate for messages (within a factor of a few), not a bound.
double estimatedThresholdSeconds(long long context, int dim);

/// \brief Full scans allFeasibleAbove()'s downward sweep is expected to need: 1 400·(L·d/2 /
/// 2^18)^0.6, fitted at or above the counts measured from L·d/2 = 2^18 to 2^22 (1 384 … 6 516
/// at d = 128). An estimate for messages and refusals, not a bound.
double expectedThresholdScans(long long context, int dim);

/// \brief One base of the feasibility landscape: g(b) = min over the checked m of f_b(m).
struct LandscapePoint {
    double base = 0.0;     ///< b
    double minValue = 0.0; ///< g(b) = min_m Σ_i cos(m·b^(−2i/d)) (computed, error ≤ ~1e-9)
    long long argmin = -1; ///< the binding m (the first one attaining the minimum)
};

/// \brief The feasibility landscape g(b) = min_{0 ≤ m < count} f_b(m) over log-spaced bases.
struct FeasibilityLandscape {
    std::vector<LandscapePoint> points; ///< increasing base
    bool cancelled = false;             ///< stopped by the control: points is incomplete
};

/// \brief Settings of feasibilityLandscape().
struct LandscapeOptions {
    double lowBase = 2.0;  ///< first base, > 1
    double highBase = 1e8; ///< last base, > lowBase, ≤ limits::kMaxBase
    int samples = 800;     ///< log-spaced bases, 2 … 20 000
    /// Bases evaluated as well (e.g. b*, its lower bracket, b_T): a certified number is then a
    /// sample of the picture, so a curve never contradicts it. Values outside the range are
    /// ignored.
    std::vector<double> extraBases;
    /// Rounds of bisection in ln b of every interval between neighbours of opposite sign of g
    /// (the edges of the islands), each adding at most `samples` bases in total. 0 … 40.
    int refineRounds = 12;
    int threads = 2;             ///< 1 … 64
    bool includeContext = false; ///< m ∈ [0, L] instead of [0, L)
};

/// \brief g(b) = min over m of f_b(m) at the bases of \p options: every base is one full scan
/// of every distance (about L·d/2 multiply-adds), so the picture has no sampling error in m; in
/// b it is sampled, then refined around every sign change. A feasible base (g ≥ 0) between two
/// infeasible samples is only seen if it is a sample: pass b* and b_T as extra bases.
/// \param control its progress is set on the calling thread with the finished fraction (0 … 1)
///        after each base that thread finishes; once cancelled, every thread stops before its
///        next base and the result has cancelled = true. nullptr: no progress, not cancellable.
/// \warning Throws InvalidParameter("context", "dim", "base", "samples", "threads").
FeasibilityLandscape feasibilityLandscape(long long context, int dim,
                                          const LandscapeOptions& options,
                                          const WorkControl* control = nullptr);

/// \brief Maximal runs of consecutive points with minValue ≥ 0 (the islands seen by a sampled
/// landscape, the last one possibly reaching past the range).
int countFeasibleRuns(const std::vector<LandscapePoint>& points);

/// \brief b*(L, d) for each L of an increasing list, as minimalBase(), handed to \p emit in
/// list order as soon as each one and all before it are done.
///
/// b* does not decrease with L (a base that serves L serves every shorter context), so each
/// search starts at the lower bracket of an earlier L instead of 4/π. With SweepBackend::Fast
/// the contexts form one chain (each search starts at the lower bracket of the one before),
/// and each search splits its full scans over \p threads threads (MinimalBaseOptions::threads
/// when smaller). With the older backends and \p threads ≥ 2 the list is split into
/// interleaved chains (L_k goes to chain k mod threads), one per thread.
/// \param contexts strictly increasing, each valid for minimalBase(); at most 100 000.
/// \param threads 1 … 64.
/// \param emit called as emit(index, result) on the calling thread, never with a cancelled
///        result: once MinimalBaseOptions::control is cancelled every chain stops after its
///        current step and the call returns with the contexts emitted so far. The control's
///        progress is set to (contexts emitted) / (contexts) after each emit.
/// \warning Throws InvalidParameter("contexts", "threads") or what minimalBase() throws (the
/// first error, after every thread has stopped).
void minimalBaseCurve(const std::vector<long long>& contexts, int dim,
                      const MinimalBaseOptions& options, int threads,
                      const std::function<void(std::size_t, const MinimalBase&)>& emit);

} // namespace rope
