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

namespace {

// The arguments a sweep refuses, each named. The size cap is context·d/2 ≤ 2^29
// pair-distances; its message states what the cost model (estimatedSweepTime()) expects such a
// sweep to take, so that the refusal says why, not only where the line is.
void validateSweep(long long context, int dim, const MinimalBaseOptions& options) {
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
}

// At most two distances (m = 0, 1) need no sweep: f(0) = d/2 > 0 and f(1) = Σ cos θ_i > 0
// because every θ_i is in (0, 1], so every b > 1 is feasible and the bracket is [1, 1]. The
// minimum reported is the limit b → 1⁺ (θ_i → 1): f(1) → (d/2)·cos 1.
MinimalBase trivialSweep(long long count, int dim) {
    MinimalBase result;
    result.found = true;
    result.base = 1.0;
    result.lowerBracket = 1.0;
    result.argminDistance = count - 1;
    result.minValue = count == 2 ? (dim / 2) * std::cos(1.0) : dim / 2.0;
    return result;
}

// A distance that went negative once tends to again: the sweep keeps up to kMaxActive of those
// that certified the last step and tries them first. One certifying distance is enough for a
// step, whether it comes from that active set or from the pool.
constexpr std::size_t kMaxActive = 8;
constexpr std::size_t kEnoughFromPool = 1;
constexpr std::size_t kEnoughFromActive = 1;
// A screened estimate above this (> 10 × the estimate's error, cosine_sum_fast.h) means f̃ > 0
// at that distance: it cannot certify a step, and its certified evaluation is skipped.
constexpr double kScreenSkip = 1e-2;

// A candidate of the pool (from the last full scan), with what its last value proves:
// f ≥ low − rate·(t − t₀) for every t = ln b ≥ t₀, since |∂f/∂t| ≤ rate = m·Σ_i c_iθ_i and θ_i
// only shrinks as t grows. A candidate that cannot be negative yet is skipped.
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

// Proven non-negative at t by an earlier value: f ≥ low − rate·(t − t₀) > 0. The factor
// 1 + 10⁻⁹ on the decrease covers the rounding of the product.
bool provenPositive(const Candidate& c, double t) {
    return t >= c.t0 && c.low - c.rate * (t - c.t0) * (1.0 + 1e-9) > 0.0;
}

// One sweep segment (sweepSegment()): the sweep over t = ln b from the start base. At each base b
// it looks for one distance m with f_b(m) certifiably negative; SweepPoint::certifiedStep()
// proves f(m) stays negative over [b, b·e^s], so every base there is infeasible and the sweep
// moves to b·e^s. Distances are tried cheapest first: the active set, then the pool of
// candidates from the last full scan, and only then a new full scan of every m, which is also
// what decides that a base is feasible (b*'s upper end). Every base below `m_certified` is thus
// proven infeasible at every moment.
class SegmentSweep {
public:
    SegmentSweep(long long context, int dim, const MinimalBaseOptions& options,
                 SegmentControl* control);

    MinimalBase run();

private:
    // How a full scan at b ended: a certified step, b (or the probe above it) feasible, a step
    // over a rounding gap without a certificate, or past the search limit.
    enum class ScanOutcome { Stepped, Feasible, SteppedOverGap, PastLimit };

    bool interrupted();
    void checkWork() const;
    InvalidParameter gaveUp(const std::string& why) const;
    double usefulStep(double s) const;
    bool tryDistance(long long m, double& f);
    void tryActive();
    bool visit(std::size_t index, double t, bool screen);
    void tryPool(std::size_t enough);
    void walkPoolInTurn(double t, std::size_t enough);
    void walkPoolByPrediction(double t, std::size_t enough);
    void toPool(const SweepPoint& at, const FullScan& scan);
    std::vector<long long> nearZero(const SweepPoint& at, const FullScan& scan) const;
    bool feasible(SweepPoint& at, const FullScan& scan, FullScan& settled);
    ScanOutcome scanAtBase();
    ScanOutcome decideNearZero(const FullScan& scan);
    void preciseSteps(const FullScan& scan);
    ScanOutcome stepOverGap(const SweepPoint& probe, const FullScan& above);
    void finish(double lower, double upper, const FullScan& scan);
    bool takeStep();
    bool passedEnd();
    MinimalBase exhausted();

    const long long m_context;
    const int m_dim;
    const MinimalBaseOptions& m_options;
    SegmentControl* const m_control;
    const bool m_fast;
    // The full scans use every core only for a whole sweep on the fast backend: a chunk of the
    // chunked sweep already has a thread of its own.
    const int m_scanThreads;
    const long long m_count; // distances 0 … count−1
    // The upper end is tried at b·e^δ with δ a little under ln(1 + tolerance), so that the
    // bracket [lower, upper] is at most `tolerance` wide.
    const double m_delta;
    SweepPoint m_point;
    // Candidates kept from each full scan. With the screen (SweepPoint::screen(), a quarter of
    // an evaluation) a larger pool is cheap to walk and serves many more steps: at
    // b*(2^20, 128) the full scans fell from 168 (2 048 kept) to 17 (16 384 kept); 8 192 and
    // 32 768 were slower.
    const std::size_t m_keepFromScan;
    // The MPFR budget of a decision (nearZero()) is 4 096 pair-cosines (64 distances at
    // d = 128, 2 048 at d = 4): a few milliseconds whatever d. Small heads need the larger
    // count: at d = 4, f(m) = cos m + cos(m·b^(−1/2)) is within rounding of 0 at every m near an
    // odd multiple of π, and L = 2^20 has more than 64 of them at once.
    const std::size_t m_maxPrecise;
    const double m_workLimit;
    double m_b; // the current base
    // Every base in (1, certified) is infeasible: below 4/π by f(2) < 0, below a caller's start
    // by its own certificate, and then by the steps of the sweep.
    double m_certified;
    MinimalBase m_result;
    std::vector<long long> m_active; // distances negative at the previous step, best first
    std::vector<Candidate> m_pool;
    std::size_t m_poolCursor = 0; // where the next screened walk of the pool starts
    std::vector<std::pair<double, std::size_t>> m_order; // (−predicted f at t, pool index)
    long long m_witness = -1;
    // Pool distances screened (SweepPoint::screen()); eight screens cost about one evaluation.
    long long m_screens = 0;
    long long m_gapsInARow = 0;
    // The step being looked for at the current base: the longest certified s so far, its
    // distance, and the distances that certified one (the next active set).
    double m_step = 0.0;
    long long m_best = -1;
    std::vector<long long> m_next;
};

SegmentSweep::SegmentSweep(long long context, int dim, const MinimalBaseOptions& options,
                           SegmentControl* control)
    : m_context(context), m_dim(dim), m_options(options), m_control(control),
      m_fast(options.backend != SweepBackend::Reference),
      m_scanThreads((!m_fast || control != nullptr)
                        ? 1
                        : (options.threads > 0 ? options.threads : everyCore())),
      m_count(options.includeContext ? context + 1 : context),
      m_delta(0.9 * std::log1p(options.relativeTolerance)), m_point(dim, options.backend),
      m_keepFromScan(m_point.canScreen() ? 16384 : 2048),
      m_maxPrecise(std::max<std::size_t>(64, 4096 / static_cast<std::size_t>(dim / 2))),
      m_workLimit(resolvedWorkLimit(options, context, dim)),
      m_b(std::max(kSweepStart, options.startBase)), m_certified(m_b) {
    m_point.setBase(m_b);
}

// The loop over bases. Each pass proves [b, b·e^s) infeasible with one certified step, or ends
// the sweep: a feasible base (the bracket), the search limit, the chunk's end, or a cancel.
MinimalBase SegmentSweep::run() {
    for (;;) {
        if (interrupted()) {
            return m_result;
        }
        checkWork();
        m_step = 0.0;
        m_best = -1;
        m_next.clear();
        tryActive();
        if (m_step == 0.0) {
            tryPool(kEnoughFromPool);
        }
        if (m_step == 0.0) {
            const ScanOutcome outcome = scanAtBase();
            if (outcome == ScanOutcome::Feasible) {
                return m_result;
            }
            if (outcome == ScanOutcome::SteppedOverGap) {
                continue;
            }
            if (outcome == ScanOutcome::PastLimit) {
                return exhausted();
            }
        }
        if (!takeStep()) {
            return exhausted();
        }
        if (passedEnd()) {
            return m_result;
        }
    }
}

// Checked once per step. The caller's cancel ends the search without an answer; what stays
// proven is every base below `certified`. A chunk's stop (the chunks above the answer are not
// needed) only marks the chunk stopped: its result is never read as an answer.
bool SegmentSweep::interrupted() {
    if (isCancelled(m_options.control)) {
        m_result.found = false;
        m_result.cancelled = true;
        m_result.base = std::numeric_limits<double>::quiet_NaN();
        m_result.lowerBracket = m_certified;
        return true;
    }
    if (m_control != nullptr && isCancelled(m_control->stop)) {
        m_control->stopped = true;
        return true;
    }
    return false;
}

// The work cap, counted in cosine-equivalents by sweepWork() (evaluations, screens at an eighth
// of one, full scans), together with the finished chunks' work when this is one chunk: the cap
// bounds the whole search, not each thread. Over it, the sweep gives up with what it proved.
void SegmentSweep::checkWork() const {
    const double others = m_control != nullptr && m_control->finishedWork != nullptr
                              ? m_control->finishedWork->load()
                              : 0.0;
    if (m_workLimit > 0.0 &&
        others + sweepWork(m_result.evaluations + m_screens / 8, m_result.scans, m_count, m_dim) >
            m_workLimit) {
        throw gaveUp("the certified sweep exceeded its work limit of " + shortNumber(m_workLimit) +
                     " cosine evaluations (about " +
                     shortNumber(workSeconds(m_workLimit, m_options.backend)) +
                     " s of CPU here; estimated beforehand: " +
                     estimatedSweepTime(m_context, m_dim, m_options.backend) +
                     ", so f crawls near 0 here and the total is unknown)");
    }
}

InvalidParameter SegmentSweep::gaveUp(const std::string& why) const {
    return InvalidParameter("context", "min-base gave up at context " + std::to_string(m_context) +
                                           ", dim " + std::to_string(m_dim) + ": " + why +
                                           " at base " + baseText(m_b) +
                                           " (every smaller base is proven infeasible)");
}

// A step that cannot move b by one representable base certifies nothing new (b·e^s rounds back
// to b): it counts as no step, and other distances (or a full scan) must take over at this b.
double SegmentSweep::usefulStep(double s) const {
    if (s > 0.0 && !std::isinf(s) && advance(m_b, s) <= m_b) {
        return 0.0;
    }
    return s;
}

// Evaluates f̃(m) and the step it certifies (SweepPoint::certifiedStep()); a certified step may
// become the best at this base, and m joins the next active set.
bool SegmentSweep::tryDistance(long long m, double& f) {
    ++m_result.evaluations;
    f = m_point.evaluate(m);
    const double s = usefulStep(m_point.certifiedStep(m, f));
    if (s > 0.0) {
        if (s > m_step) {
            m_step = s;
            m_best = m;
        }
        if (m_next.size() < kMaxActive &&
            std::find(m_next.begin(), m_next.end(), m) == m_next.end()) {
            m_next.push_back(m);
        }
    }
    return s > 0.0;
}

void SegmentSweep::tryActive() {
    double f = 0.0;
    std::size_t found = 0;
    for (std::size_t k = 0; k < m_active.size() && found < kEnoughFromActive; ++k) {
        found += tryDistance(m_active[k], f) ? 1 : 0;
    }
}

// One candidate of the pool at t = ln b; true if it certified a step. With the screen, an
// estimate above kScreenSkip shows f̃ > 0 here: the certified evaluation is skipped, and the
// estimate only refreshes the prediction that orders later walks (the certificate `low` keeps
// its own t0). Evaluated, the candidate's certificate and prediction restart from this t.
bool SegmentSweep::visit(std::size_t index, double t, bool screen) {
    Candidate& c = m_pool[index];
    if (screen) {
        double trend = 0.0;
        ++m_screens;
        const double estimate = m_point.screen(c.m, trend);
        if (estimate > kScreenSkip) {
            c.value = estimate;
            c.trend = trend;
            c.hasTrend = true;
            c.tValue = t;
            return false;
        }
    }
    double f = 0.0;
    const bool certifies = tryDistance(c.m, f);
    c.t0 = t;
    c.low = f - 2.0 * m_point.errorBound(c.m);
    c.rate = m_point.slopeBound(c.m);
    c.value = f;
    c.trend = m_point.trend();
    c.hasTrend = true;
    c.tValue = t;
    return certifies;
}

// The pool, skipping candidates proven non-negative here, until `enough` certify a step. The
// order in which it is walked is only a guess: it decides how many distances are evaluated,
// never what a step proves (that is certifiedStep()).
void SegmentSweep::tryPool(std::size_t enough) {
    const double t = std::log(m_b);
    if (m_point.canScreen()) {
        walkPoolInTurn(t, enough);
        return;
    }
    walkPoolByPrediction(t, enough);
}

// With the screen a visit costs about a quarter of an evaluation, less than ranking the ~2 000
// candidates by their (soon stale) predictions: the walk goes round the pool from where the last
// one stopped.
void SegmentSweep::walkPoolInTurn(double t, std::size_t enough) {
    std::size_t found = 0;
    for (std::size_t n = 0; n < m_pool.size() && found < enough; ++n) {
        const std::size_t k = m_poolCursor;
        m_poolCursor = m_poolCursor + 1 < m_pool.size() ? m_poolCursor + 1 : 0;
        if (!provenPositive(m_pool[k], t)) {
            found += visit(k, t, true) ? 1 : 0;
        }
    }
}

// Without the screen: most promising first, the lowest predicted f at this t, which is the
// first-order extrapolation f̃ + (∂f/∂t)·(t − t₀) for a candidate evaluated singly and its
// full-scan value otherwise.
void SegmentSweep::walkPoolByPrediction(double t, std::size_t enough) {
    m_order.clear();
    for (std::size_t k = 0; k < m_pool.size(); ++k) {
        const Candidate& c = m_pool[k];
        if (provenPositive(c, t)) {
            continue;
        }
        const double predicted = c.value + (c.hasTrend ? c.trend * (t - c.tValue) : 0.0);
        m_order.emplace_back(-predicted, k); // max-heap on −predicted
    }
    std::size_t found = 0;
    if (!m_fast) {
        std::make_heap(m_order.begin(), m_order.end());
        while (!m_order.empty() && found < enough) {
            std::pop_heap(m_order.begin(), m_order.end());
            found += visit(m_order.back().second, t, false) ? 1 : 0;
            m_order.pop_back();
        }
        return;
    }
    // The same order as the heap's pops (largest (−predicted, k) first; the pairs are distinct),
    // sorted in chunks of 128: a walk stops after ~170 of ~2 000 candidates at 2^20, so
    // selecting a chunk (linear) and sorting it beats heap pops.
    constexpr std::size_t kChunk = 128;
    const std::greater<std::pair<double, std::size_t>> first;
    for (std::size_t done = 0; done < m_order.size() && found < enough;) {
        const std::size_t end = std::min(done + kChunk, m_order.size());
        if (end < m_order.size()) {
            std::nth_element(m_order.begin() + static_cast<std::ptrdiff_t>(done),
                             m_order.begin() + static_cast<std::ptrdiff_t>(end), m_order.end(),
                             first);
        }
        std::sort(m_order.begin() + static_cast<std::ptrdiff_t>(done),
                  m_order.begin() + static_cast<std::ptrdiff_t>(end), first);
        for (; done < end && found < enough; ++done) {
            found += visit(m_order[done].second, t, false) ? 1 : 0;
        }
    }
}

// A new pool from a full scan at `at`: each candidate's certificate starts there, f ≥ f̃ − 2E
// at t₀ = ln b falling at most at the rate slopeBound(m) as t grows.
void SegmentSweep::toPool(const SweepPoint& at, const FullScan& scan) {
    m_pool.clear();
    m_poolCursor = 0;
    const double t0 = std::log(at.base());
    for (const auto& [m, f] : scan.candidates) {
        m_pool.push_back({m, t0, f - 2.0 * at.errorBound(m), at.slopeBound(m), f, 0.0, false, t0});
    }
}

// The distances of a scan within rounding of 0 (f̃ < 2E(m)), lowest f̃ first, at most
// m_maxPrecise (the MPFR budget); empty when there may be more of them than the candidates show
// (every candidate is that low), since then the scan cannot name them all.
std::vector<long long> SegmentSweep::nearZero(const SweepPoint& at, const FullScan& scan) const {
    std::vector<std::pair<double, long long>> near;
    for (const auto& [m, f] : scan.candidates) {
        if (f < 2.0 * at.errorBound(m)) {
            near.emplace_back(f, m);
        }
    }
    std::vector<long long> out;
    if (near.size() == scan.candidates.size() || near.size() > m_maxPrecise) {
        return out;
    }
    std::sort(near.begin(), near.end());
    for (const auto& [f, m] : near) {
        out.push_back(m);
    }
    return out;
}

// Is the base of `scan` feasible? The old sweep: every f̃ ≥ 0. The fast one settles the
// distances within rounding of 0 in MPFR: feasible when each is ≥ 0 beyond its MPFR error (then
// `settled` reports the smallest MPFR value), infeasible when one is not. A minimum below −2E is
// certifiably negative and needs no MPFR.
bool SegmentSweep::feasible(SweepPoint& at, const FullScan& scan, FullScan& settled) {
    settled = scan;
    if (!m_fast || scan.minValue < -2.0 * at.errorBound(scan.argmin)) {
        return scan.minValue >= 0.0;
    }
    const std::vector<long long> near = nearZero(at, scan);
    if (near.empty()) {
        return scan.minValue >= 0.0;
    }
    settled.minValue = std::numeric_limits<double>::infinity();
    for (const long long m : near) {
        ++m_result.preciseEvaluations;
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
}

// Neither the active set nor the pool certified a step at b: a full scan of every m. If every
// f ≥ 0 at b, b itself is feasible and everything below it was certified infeasible (a bracket
// of width 0). Otherwise its candidates become the new pool, which is walked once more.
SegmentSweep::ScanOutcome SegmentSweep::scanAtBase() {
    ++m_result.scans;
    const FullScan scan = fullScan(m_point, m_count, m_keepFromScan, m_scanThreads);
    FullScan settled;
    if (feasible(m_point, scan, settled)) {
        finish(m_certified, m_b, settled);
        return ScanOutcome::Feasible;
    }
    toPool(m_point, scan);
    tryPool(kEnoughFromPool);
    if (m_step != 0.0) {
        return ScanOutcome::Stepped;
    }
    return decideNearZero(scan);
}

// Nothing is certifiably negative at b, yet some f̃ ∈ [−2E, 0): the sweep has reached a zero of
// f to within rounding, and b is certified up to here. The base b·e^δ decides: if every f ≥ 0
// there, [b, b·e^δ] is the bracket. If not, MPFR may still certify a step at b; failing that,
// the sweep steps over the gap.
SegmentSweep::ScanOutcome SegmentSweep::decideNearZero(const FullScan& scan) {
    const double upper = m_b * std::exp(m_delta);
    SweepPoint probe(m_dim, m_options.backend);
    probe.setBase(upper);
    ++m_result.scans;
    const FullScan above = fullScan(probe, m_count, m_keepFromScan, m_scanThreads);
    FullScan settled;
    if (feasible(probe, above, settled)) {
        finish(m_certified, upper, settled);
        return ScanOutcome::Feasible;
    }
    if (m_fast) {
        preciseSteps(scan);
    }
    if (m_step != 0.0) {
        return ScanOutcome::Stepped;
    }
    return stepOverGap(probe, above);
}

// Where the old sweep stepped over a rounding gap, decide the signs in MPFR: the distances the
// scan at b left within rounding of 0 (f̃ < 2E), lowest first. A truly negative f(m) certifies
// a step as above (SweepPoint::preciseStep()); the longest becomes the step.
void SegmentSweep::preciseSteps(const FullScan& scan) {
    for (const long long m : nearZero(m_point, scan)) {
        ++m_result.preciseEvaluations;
        double f = 0.0;
        const double s = usefulStep(m_point.preciseStep(m, f));
        if (s > m_step) {
            m_step = s;
            m_best = m;
            m_next.assign(1, m);
        }
    }
}

// An island narrower than δ, or rounding: step over a hair (64 ε relative) without a
// certificate; the certified lower end stays where it was. Too many such gaps in a row mean
// double precision cannot decide here, and the sweep gives up rather than walk on blind. The
// pool restarts from the scan at the probe, the nearest full scan above the new b.
SegmentSweep::ScanOutcome SegmentSweep::stepOverGap(const SweepPoint& probe,
                                                    const FullScan& above) {
    ++m_result.roundingGaps;
    if (++m_gapsInARow >= limits::kMaxConsecutiveRoundingGaps) {
        throw gaveUp("f stays within rounding of 0 over " + std::to_string(m_gapsInARow) +
                     " bases in a row, so double precision cannot certify a step");
    }
    m_b = std::nextafter(m_b * (1.0 + 64.0 * kEps), limits::kMaxBase);
    if (m_b >= limits::kMaxBase) {
        return ScanOutcome::PastLimit;
    }
    m_point.setBase(m_b);
    m_active.clear();
    toPool(probe, above);
    return ScanOutcome::SteppedOverGap;
}

// The bracket [lower, upper] of b*: every base below `lower` proven infeasible, `upper` proven
// feasible, with the minimum of f there as its scan (or MPFR) settled it.
void SegmentSweep::finish(double lower, double upper, const FullScan& scan) {
    m_result.found = true;
    m_result.base = upper;
    m_result.lowerBracket = lower;
    m_result.witness = m_witness;
    m_result.argminDistance = scan.argmin;
    m_result.minValue = scan.minValue;
}

// The certified step [b, b·e^s] found at this base: the certified end moves with b unless a
// rounding gap below left it behind, and the distances that certified a step become the active
// set, the best first (it is the likeliest to certify the next step too). False when the sweep
// cannot go on: f(m) never changes (s = ∞, d = 2) or the next base is past the search limit.
bool SegmentSweep::takeStep() {
    ++m_result.steps;
    m_gapsInARow = 0;
    m_active = std::move(m_next);
    const auto it = std::find(m_active.begin(), m_active.end(), m_best);
    if (it == m_active.end()) {
        m_active.insert(m_active.begin(), m_best);
    } else {
        std::rotate(m_active.begin(), it, it + 1);
    }
    m_witness = m_best;
    if (std::isinf(m_step)) {
        return false;
    }
    const double bNext = advance(m_b, m_step);
    if (bNext >= limits::kMaxBase) {
        return false;
    }
    if (m_certified >= m_b) {
        m_certified = bNext;
    }
    m_b = bNext;
    m_point.setBase(m_b);
    return true;
}

// A chunk of the chunked sweep ends once b passes its end: every base in [start, certified) is
// then proven infeasible, which is all the chunk is asked for.
bool SegmentSweep::passedEnd() {
    if (m_control != nullptr && m_b >= m_control->endBase) {
        m_control->reachedEnd = true;
        m_control->certifiedEnd = m_certified;
        m_result.witness = m_witness;
        return true;
    }
    return false;
}

// Infeasible for every base up to the search limit: no answer, and the lower end proven.
MinimalBase SegmentSweep::exhausted() {
    m_result.found = false;
    m_result.base = std::numeric_limits<double>::quiet_NaN();
    m_result.lowerBracket = m_certified;
    m_result.witness = m_witness;
    return m_result;
}

} // namespace

namespace base_bound_detail {

MinimalBase sweepSegment(long long context, int dim, const MinimalBaseOptions& options,
                         SegmentControl* control) {
    validateSweep(context, dim, options);
    const long long count = options.includeContext ? context + 1 : context;
    if (count <= 2) {
        return trivialSweep(count, dim);
    }
    return SegmentSweep(context, dim, options, control).run();
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
//
// ChunkedSweep holds the shared state of one such sweep: the chunks claimed so far, in order,
// and what the threads need to agree on (where the next chunk starts, whether the chunks are
// closed, the work already done).
class ChunkedSweep {
public:
    ChunkedSweep(long long context, int dim, const MinimalBaseOptions& options, long long count);

    MinimalBase run(int workers);

private:
    struct Chunk {
        double start = 0.0;
        double end = 0.0;
        WorkControl stop;
        SegmentControl control;
        MinimalBase result;
        std::exception_ptr error;
        bool finished = false;
    };

    void work();
    Chunk* claim();
    double widthAfter(const Chunk& basis) const;
    void sweep(Chunk& chunk);
    MinimalBase cancelledResult() const;
    MinimalBase answer() const;

    const long long m_context;
    const int m_dim;
    const MinimalBaseOptions& m_options;
    const long long m_count;
    const double m_chunkSteps;
    MinimalBaseOptions m_segment; // every chunk's options but its start: one shared work cap
    std::deque<Chunk> m_chunks;   // a deque: references stay valid while it grows
    std::mutex m_mutex;
    std::mutex m_claiming;
    std::condition_variable m_finishedOne;
    bool m_closed = false;
    double m_next;
    std::atomic<double> m_finishedWork{0.0};
};

// Chunk widths aim at about count/50 certified steps each (at least 1 000): each chunk starts
// with a full scan, which costs about as much as count/1000 steps.
ChunkedSweep::ChunkedSweep(long long context, int dim, const MinimalBaseOptions& options,
                           long long count)
    : m_context(context), m_dim(dim), m_options(options), m_count(count),
      m_chunkSteps(std::max(1000.0, static_cast<double>(count) / 50.0)), m_segment(options),
      m_next(std::max(kSweepStart, options.startBase)) {
    m_segment.workLimit = resolvedWorkLimit(options, context, dim);
}

// Every worker runs work() until the chunks are closed. A worker whose thread cannot start runs
// after the calling thread's own loop, and then finds them closed: the sweep is the same on
// fewer threads (a claim waits only for a chunk already claimed, so none waits forever).
MinimalBase ChunkedSweep::run(int workers) {
    parallelFor(static_cast<std::size_t>(workers), workers,
                [&](std::size_t first, std::size_t last) {
                    for (std::size_t k = first; k < last; ++k) {
                        work();
                    }
                });
    // A cancelled search (options.control, shared by every chunk's options) has no answer: no
    // chunk's partial bracket is reported as one.
    if (isCancelled(m_options.control)) {
        return cancelledResult();
    }
    return answer();
}

void ChunkedSweep::work() {
    while (Chunk* chunk = claim()) {
        sweep(*chunk);
    }
}

// The next chunk, or nullptr once the chunks are closed. One claim at a time; a claim may wait
// for chunk k − 2 (run by the other thread, which then finishes it without claiming in between).
ChunkedSweep::Chunk* ChunkedSweep::claim() {
    const std::lock_guard<std::mutex> claiming(m_claiming);
    std::unique_lock<std::mutex> lock(m_mutex);
    const std::size_t k = m_chunks.size();
    double width = 1.0;
    if (k >= 2) {
        const Chunk& basis = m_chunks[k - 2];
        m_finishedOne.wait(lock, [&] { return m_closed || basis.finished; });
        if (!m_closed) {
            width = widthAfter(basis);
        }
    }
    if (m_closed) {
        return nullptr;
    }
    Chunk* chunk = &m_chunks.emplace_back();
    chunk->start = m_next;
    chunk->end = std::min(m_next * std::exp(width), limits::kMaxBase);
    m_next = chunk->end;
    m_closed = m_next >= limits::kMaxBase;
    return chunk;
}

// The width in t of the chunk from m_next, sized from `basis`, the chunk two before (the first
// two chunks are 1 wide: the sweep is cheap at small b). Its certified steps per unit of t are
// extrapolated by e^{κ·Δt} with κ = 1/2 from its middle (in t) to m_next, since the steps per
// unit of t grow about that fast towards b* (the witnesses' distances m grow with b); the width
// then holds about m_chunkSteps steps. The boundaries depend only on the chunks' step counts,
// not on timing or on the number of threads, so the result is the same on every run and
// machine; the balance depends on them, never the proof.
double ChunkedSweep::widthAfter(const Chunk& basis) const {
    const double span = std::log(basis.end / basis.start);
    const double stepsPerUnit = static_cast<double>(std::max(basis.result.steps, 1LL)) / span;
    const double growth =
        std::exp(0.5 * (std::log(m_next) - 0.5 * std::log(basis.start * basis.end)));
    return std::clamp(m_chunkSteps / (stepsPerUnit * growth), 1e-9, 4.0);
}

// Sweeps one chunk from its start to its end (sweepSegment() with a SegmentControl), then
// records it. A chunk that stops short of its end — at a feasible base, the search limit or an
// error — decides the answer, so no chunk above it is needed: the chunks are closed and those
// above are stopped.
void ChunkedSweep::sweep(Chunk& chunk) {
    MinimalBaseOptions own = m_segment;
    own.startBase = chunk.start;
    chunk.control.endBase = chunk.end;
    chunk.control.stop = &chunk.stop;
    chunk.control.finishedWork = &m_finishedWork;
    try {
        chunk.result = sweepSegment(m_context, m_dim, own, &chunk.control);
    } catch (...) {
        chunk.error = std::current_exception();
    }
    const std::lock_guard<std::mutex> lock(m_mutex);
    chunk.finished = true;
    m_finishedOne.notify_all();
    const MinimalBase& r = chunk.result;
    m_finishedWork.store(m_finishedWork.load() + sweepWork(r.evaluations, r.scans, m_count, m_dim));
    if (chunk.control.reachedEnd && !chunk.error) {
        return;
    }
    m_closed = true;
    bool above = false;
    for (Chunk& c : m_chunks) {
        if (above) {
            c.stop.cancel();
        }
        above = above || &c == &chunk;
    }
}

// After a cancel, what stays proven: the chunks that passed their ends, in order from the
// start, and the part of the next one its own sweep certified before it saw the flag. The
// counts add up over every chunk (the work was done).
MinimalBase ChunkedSweep::cancelledResult() const {
    MinimalBase cancelled;
    cancelled.cancelled = true;
    cancelled.base = std::numeric_limits<double>::quiet_NaN();
    double proven = std::max(kSweepStart, m_options.startBase);
    for (const Chunk& c : m_chunks) {
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
    for (const Chunk& c : m_chunks) {
        cancelled.steps += c.result.steps;
        cancelled.evaluations += c.result.evaluations;
        cancelled.scans += c.result.scans;
    }
    return cancelled;
}

// The first chunk that did not pass its end decides; the counts add up over it and the chunks
// below (those above were only speculative). A rounding gap in a chunk below moves the lower
// end down to the first such gap, as in the single sweep.
MinimalBase ChunkedSweep::answer() const {
    MinimalBase out;
    bool contiguous = true; // no rounding gap below the current chunk
    double lower = 0.0;     // the certified lower end where a gap stopped it
    long long witness = -1;
    for (const Chunk& c : m_chunks) {
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

// The chunked sweep (ChunkedSweep above) of `count` distances on `workers` threads.
MinimalBase chunkedSweep(long long context, int dim, const MinimalBaseOptions& options,
                         long long count, int workers) {
    return ChunkedSweep(context, dim, options, count).run(workers);
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
