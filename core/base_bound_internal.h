// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/base_bound.h"
#include "core/cosine_sum_fast.h"

#include <Eigen/Core>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

/// \file base_bound_internal.h
/// What the parts of the base bound share; not a public header. base_bound.cpp holds the block
/// cosine sums Σ_i cos(mθ_i) and the public cosine-sum functions, base_bound_sweep.cpp the
/// certified sweep of b*(L, d) over t = ln b (single and chunked), base_bound_certified.cpp the
/// canonical bracket that makes its answer path-independent, base_bound_threshold.cpp the
/// estimate and the all-feasible threshold, base_bound_landscape.cpp the landscape and the
/// b*(L) curve.

namespace rope::base_bound_detail {

// The threads of MinimalBaseOptions::threads = 0: every core, at most the option's own 64.
int everyCore();

// Throws InvalidParameter("context") outside [1, limits::kMaxContext].
void validateContext(long long context);

// cos and sin of the exact product m·θ: p + e = m·θ exactly (fma), then angle addition with
// first order in e while |e| < 2^-27. Same construction as in decay.cpp; see the comment there.
inline void exactAngleCosSin(double m, double theta, double& c, double& s) {
    const double p = m * theta;
    const double e = std::fma(m, theta, -p);
    const double cp = std::cos(p);
    const double sp = std::sin(p);
    if (std::abs(e) < 0x1p-27) {
        c = cp - e * sp;
        s = sp + e * cp;
        return;
    }
    const double ce = std::cos(e);
    const double se = std::sin(e);
    c = cp * ce - sp * se;
    s = sp * ce + cp * se;
}

// Evaluates f(m) = Σ_i cos(mθ_i) on consecutive integers by angle addition around block
// centres c:
//   f(c ± j) = A_j ∓ B_j,  A_j = Σ_i cos(cθ_i)·cos(jθ_i),  B_j = Σ_i sin(cθ_i)·sin(jθ_i),
// for j = 0 … K−1, so one block of 2K−1 distances costs 2·K·P multiply-adds (P = d/2): about
// P per distance. With the tables Tc = cos(jθ_i), Ts = sin(jθ_i) (K × P) and the seeds of a
// batch of blocks as columns, A and B are two matrix products. Every value comes from exactly
// computed factors through one product-and-sum, so the error does not grow with m, unlike a
// rotation recurrence: ≤ ~8·P·ε (table entries ≤ 3 ulp, seeds ≤ 1 ulp, sums of P terms). The
// tables are built lazily while the first block (distances first … first+K−1, seeded at
// `first`) is scanned, so a scan that stops early stays cheap.
// K ≈ √(span/2) balances the tables (K·P sincos) against the seeds (span/(2K)·P): the
// half-width of BlockCosineSum's blocks, a power of two in [32, 2048].
Eigen::Index blockHalfWidth(long long span);

// Exact sincos per pair of one BlockCosineSum scan of `span` distances from 0: the exact table
// rows (min(K, 64)), one coarse row per 64 further rows, the seed of the first rows and one
// seed per block of width 2K − 1 after them.
double scanSincosPerPair(long long span);

class BlockCosineSum {
public:
    BlockCosineSum(const Eigen::Ref<const Eigen::ArrayXd>& theta, long long span)
        : m_theta(theta), m_pairs(theta.size()) {
        m_half = blockHalfWidth(span);
        m_cos.resize(m_half, m_pairs);
        m_sin.resize(m_half, m_pairs);
        m_coarseCos.resize(m_pairs);
        m_coarseSin.resize(m_pairs);
    }

    // Calls visit(m₀, values, n) with f(m₀ … m₀+n−1) for consecutive runs covering first …
    // first+count−1 in increasing order, until visit returns false.
    template <typename Visit> void run(long long first, long long count, Visit&& visit) {
        if (count <= 0) {
            return;
        }
        const long long end = first + count;
        constexpr Eigen::Index kChunk = 64;
        Eigen::VectorXd seedCos(m_pairs);
        Eigen::VectorXd seedSin(m_pairs);
        fillSeed(static_cast<double>(first), seedCos.data(), seedSin.data());
        for (Eigen::Index r = 0; r < m_half; r += kChunk) {
            const Eigen::Index rows = std::min(kChunk, m_half - r);
            buildRows(r + rows);
            // f(first + j) = A_j − B_j with the centre at `first`.
            const Eigen::VectorXd f =
                m_cos.middleRows(r, rows) * seedCos - m_sin.middleRows(r, rows) * seedSin;
            const long long m = first + r;
            const long long n = std::min<long long>(rows, end - m);
            if (n <= 0 || !visit(m, f.data(), n) || m + n >= end) {
                return;
            }
        }
        // Then blocks of width 2K−1 centred at p + K−1 + b·(2K−1), in batches that grow from 4 to
        // 64 blocks so an early stop wastes little.
        const long long width = 2 * static_cast<long long>(m_half) - 1;
        long long p = first + m_half;
        Eigen::Index batch = 4;
        Eigen::MatrixXd cosSeeds, sinSeeds, a, b;
        Eigen::ArrayXd out;
        while (p < end) {
            const long long remaining = (end - p + width - 1) / width;
            const Eigen::Index nb =
                static_cast<Eigen::Index>(std::min<long long>(batch, remaining));
            cosSeeds.resize(m_pairs, nb);
            sinSeeds.resize(m_pairs, nb);
            for (Eigen::Index k = 0; k < nb; ++k) {
                const double centre = static_cast<double>(p + m_half - 1 + k * width);
                fillSeed(centre, cosSeeds.col(k).data(), sinSeeds.col(k).data());
            }
            out.resize(nb * width);
            if (!fusedBlockSums(cosSeeds, sinSeeds, nb, out.data(), width)) {
                a.noalias() = m_cos * cosSeeds;
                b.noalias() = m_sin * sinSeeds;
                for (Eigen::Index k = 0; k < nb; ++k) {
                    double* centre = out.data() + k * width + (m_half - 1);
                    for (Eigen::Index j = 0; j < m_half; ++j) {
                        centre[j] = a(j, k) - b(j, k);  // f(c + j)
                        centre[-j] = a(j, k) + b(j, k); // f(c − j); j = 0 agrees, sin 0 = 0
                    }
                }
            }
            const long long n = std::min<long long>(nb * width, end - p);
            if (!visit(p, out.data(), n)) {
                return;
            }
            p += nb * width;
            batch = std::min<Eigen::Index>(2 * batch, 64);
        }
    }

private:
    // The two products of run() fused with AVX2 and FMA (blockSumsAvx2() in base_bound.cpp)
    // when the build and the CPU have them; false: run() takes the Eigen path.
    bool fusedBlockSums(const Eigen::MatrixXd& cosSeeds, const Eigen::MatrixXd& sinSeeds,
                        Eigen::Index nb, double* out, long long width);

    void fillSeed(double m0, double* cosOut, double* sinOut) const {
        for (Eigen::Index i = 0; i < m_pairs; ++i) {
            exactAngleCosSin(m0, m_theta[i], cosOut[i], sinOut[i]);
        }
    }

    // Rows j < 64 are exact; row j = 64a + r is built by angle addition from the exact rows r
    // and 64a (one more rounding per entry, ≤ 3 ulp instead of 1), which cuts the table's
    // sincos count from K·P to (64 + K/64)·P.
    void buildRows(Eigen::Index upto) {
        for (; m_built < upto; ++m_built) {
            const Eigen::Index j = m_built;
            if (j < kExactRows) {
                for (Eigen::Index i = 0; i < m_pairs; ++i) {
                    exactAngleCosSin(static_cast<double>(j), m_theta[i], m_cos(j, i), m_sin(j, i));
                }
                continue;
            }
            const Eigen::Index r = j % kExactRows;
            if (r == 0) {
                for (Eigen::Index i = 0; i < m_pairs; ++i) {
                    exactAngleCosSin(static_cast<double>(j), m_theta[i], m_coarseCos[i],
                                     m_coarseSin[i]);
                }
            }
            for (Eigen::Index i = 0; i < m_pairs; ++i) {
                const double cr = m_cos(r, i);
                const double sr = m_sin(r, i);
                m_cos(j, i) = m_coarseCos[i] * cr - m_coarseSin[i] * sr;
                m_sin(j, i) = m_coarseSin[i] * cr + m_coarseCos[i] * sr;
            }
        }
    }

    // Panels of 8 rows for blockSumsAvx2(): (j, i) → (j − j mod 8)·P + 8·i + j mod 8.
    void pack(const Eigen::MatrixXd& table, std::vector<double>& packed) const {
        packed.resize(static_cast<std::size_t>(m_half * m_pairs));
        for (Eigen::Index j = 0; j < m_half; ++j) {
            for (Eigen::Index i = 0; i < m_pairs; ++i) {
                packed[static_cast<std::size_t>((j - j % 8) * m_pairs + 8 * i + j % 8)] =
                    table(j, i);
            }
        }
    }

    static constexpr Eigen::Index kExactRows = 64;
    std::vector<double> m_packedCos;
    std::vector<double> m_packedSin;
    Eigen::ArrayXd m_theta;
    Eigen::Index m_pairs;
    Eigen::Index m_half;
    Eigen::MatrixXd m_cos;
    Eigen::MatrixXd m_sin;
    Eigen::ArrayXd m_coarseCos;
    Eigen::ArrayXd m_coarseSin;
    Eigen::Index m_built = 0;
};

inline constexpr double kEps = std::numeric_limits<double>::epsilon();

// Work limits in messages: two significant digits ("4e+08").
std::string shortNumber(double v);

// Bases in messages: ten significant digits, enough to restart a sweep near it.
std::string baseText(double b);

// One base of the sweep over t = ln b: θ_i = b^(−2i/d), the rates c_i = −∂ln θ_i/∂t = 2i/d, and
// what a certified step needs at one distance m (angles φ_i = m·θ_i with their cos and sin).
class SweepPoint {
public:
    explicit SweepPoint(int dim, SweepBackend backend = SweepBackend::Reference)
        : m_pairs(dim / 2), m_theta(m_pairs), m_rate(m_pairs), m_phi(m_pairs), m_cos(m_pairs),
          m_sin(m_pairs), m_fast(backend != SweepBackend::Reference),
          m_screen(backend == SweepBackend::Fast), m_expLadder(backend == SweepBackend::Fast) {
        for (Eigen::Index i = 0; i < m_pairs; ++i) {
            m_rate[i] = (2.0 * static_cast<double>(i)) / dim;
        }
        const double pairs = static_cast<double>(m_pairs);
        // Arithmetic part of errorBound(). The block scan: ≤ 8·(d/2)·ε (tested against long
        // double in tst_base_bound), doubled. The SLEEF evaluation of evaluate() (proven,
        // cosine_sum_fast.h): each cosine within 1 ulp ≤ ε, and n roundings per term of the sum,
        // γ_n·Σ|cos| ≤ γ_n·(d/2)·(1 + ε). The larger of the two covers every f̃ the sweep sees.
        m_arithError = 16.0 * pairs * kEps;
        if (m_fast) {
            const double n = static_cast<double>(detail::fastSumRoundings(m_pairs));
            const double gamma = n * 0.5 * kEps / (1.0 - n * 0.5 * kEps);
            m_arithError = std::max(m_arithError, pairs * kEps + gamma * pairs * (1.0 + kEps));
        }
    }

    void setBase(double base) {
        m_base = base;
        // The full scans and the single-distance evaluations of a sweep both read m_theta, so
        // they see the same θ̃_i whichever way it is computed.
        if (m_expLadder) {
            // exp(−c_i·ln b) with SLEEF's vector exp: d/2 pow calls were a sixth of the CPU of
            // b*(2^20, 128) (one setBase() per certified step). θ̃_i = θ_i·(1 + η_i) with
            // |η_i| ≤ (1.01 + 2.01·ln b)·ε (detail::fastLadder()).
            detail::fastLadder(base, m_rate.data(), static_cast<long>(m_pairs), m_theta.data());
            m_thetaError = (1.01 + 2.01 * std::log(base)) * kEps;
        } else {
            // Same expression as inverseFrequencies(). pow and the division are each within
            // half an ulp, and the exponent 2i/d is exact for power-of-two d or else off by half
            // an ulp, which moves θ by up to ln(b)·ε/2 relative: |η_i| ≤ (2 + ln b)·ε.
            for (Eigen::Index i = 0; i < m_pairs; ++i) {
                m_theta[i] = 1.0 / std::pow(base, m_rate[i]);
            }
            m_thetaError = (2.0 + std::log(base)) * kEps;
        }
        m_sumTheta = m_theta.sum();
        m_slope = (m_rate * m_theta).sum();
        // The angle m·θ̃_i is off by ≤ m·θ_i·|η_i|.
        // One more half ulp for the rounded product m·θ̃_i of evaluate() (the block scan forms
        // it exactly).
        m_thetaError += 0.5 * kEps;
    }

    double base() const { return m_base; }
    const Eigen::ArrayXd& theta() const { return m_theta; }

    // Bound on |f̃(m) − f_b(m)| for a computed value f̃ (block scan or evaluate()): the
    // arithmetic error ≤ 8·(d/2)·ε of the block scan (tested against long double in
    // tst_base_bound), doubled to 16·(d/2)·ε, plus the effect of the rounded θ̃_i, a change of
    // each angle by ≤ m·θ_i·|η_i| and hence of each cosine by as much.
    double errorBound(long long m) const {
        return m_arithError + static_cast<double>(m) * m_sumTheta * m_thetaError * 1.01;
    }

    // Bound on |∂f(m)/∂ln b| at this base and every larger one: m·Σ_i c_iθ_i (θ_i only shrinks).
    double slopeBound(long long m) const { return static_cast<double>(m) * m_slope; }

    // Score for ranking negative distances from a full scan: the first-order certified step
    // (−f − E)/(m·Σ c_iθ_i), the length in t over which f stays negative at worst slope.
    double firstOrderStep(long long m, double f) const {
        return (-f - 2.0 * errorBound(m)) / (static_cast<double>(m) * m_slope);
    }

    // f̃(m), keeping φ_i, cos φ_i and sin φ_i for certifiedStep().
    double evaluate(long long m) {
        const double md = static_cast<double>(m);
        if (m_fast) {
            // The rounding of m·θ̃_i is again in the angle term; SLEEF's 1 ulp and the lane sums
            // are in m_arithError.
            return detail::fastCosineSum(md, m_theta.data(), static_cast<long>(m_pairs),
                                         m_phi.data(), m_cos.data(), m_sin.data());
        }
        double f = 0.0;
        for (Eigen::Index i = 0; i < m_pairs; ++i) {
            // The rounding of m·θ̃_i (half an ulp) is inside errorBound()'s angle term.
            m_phi[i] = md * m_theta[i];
            ::sincos(m_phi[i], &m_sin[i], &m_cos[i]);
            f += m_cos[i];
        }
        return f;
    }

    // A quick estimate of f(m) and ∂f/∂t at this base (detail::screenCosineSum(), within 10⁻³
    // for d ≤ 1024): it only decides which distances are worth evaluate() and certifiedStep().
    // Available when it is much cheaper than evaluate() (AVX2), and only for the fast backend.
    bool canScreen() const { return m_screen && detail::hasCosineScreen(); }
    double screen(long long m, double& trend) const {
        return detail::screenCosineSum(static_cast<double>(m), m_theta.data(), m_rate.data(),
                                       static_cast<long>(m_pairs), trend);
    }

    // After evaluate(m): ∂f(m)/∂t = Σ_i sin φ_i · c_i φ_i at this base (rounded; used only to
    // guess which distance to try next).
    double trend() const { return (m_sin * m_phi * m_rate).sum(); }

    // After evaluate(m) returned f: the largest s found such that f_{b'}(m) < 0 for every
    // b' ∈ [b, b·e^s], or 0 if f is not certifiably negative, or +∞ if it never changes (d = 2).
    //
    // Why it holds: with t = ln b, φ_i(t') = φ_i(t)·e^{−c_i(t'−t)} only decreases, by
    // δ_i ≤ w_i = φ_i·c_i·s over the step. cos(φ − δ) − cos φ = cos φ (cos δ − 1) + sin φ sin δ
    // ≤ δ²/2 + |sin φ|·δ, and it is also ≤ 1 − cos φ. So
    //   f(t') ≤ f(t) + G(s),  G(s) = Σ_i min(1 − cos φ_i, |sin φ_i|·w_i + w_i²/2),
    // and G increases with s. Any s with G(s) < −f̃ − 2E keeps the true f negative (E from
    // errorBound(), doubled to cover the rounding of G itself; a further 1e-6 of the margin is
    // kept back). The quadratic A·s + B·s² ≥ G(s) gives a first s in closed form; doubling and
    // bisection on G itself then lengthen it where the caps 1 − cos φ_i bind.
    double certifiedStep(long long m, double f) const {
        return stepForMargin((-f - 2.0 * errorBound(m)) * (1.0 - 1e-6));
    }

    // f_b(m) in MPFR (exact θ_i of this b), then the certified step it allows, or 0. The angles,
    // cosines and sines reach the step's bounds rounded to double (ε/2 each). Without the caps
    // 1 − cos φ_i (whose rounding is absolute, ~ε, and would swamp a margin of 10⁻¹⁵) the
    // quadratic bound A·s + B·s² and the Taylor bound carry only relative errors
    // ≤ (d/2 + 8)·ε, which the relative 10⁻⁶ kept back covers.
    double preciseStep(long long m, double& f) {
        double error = 0.0;
        f = preciseValue(m, error);
        return stepForMargin((-f - error) * (1.0 - 1e-6), false);
    }

    // f_b(m) in MPFR with θ_i of the exact base b, within ±error (cosine_sum_fast.h).
    double preciseValue(long long m, double& error) {
        return detail::preciseCosineSum(m, m_base, static_cast<long>(m_pairs), error, m_phi.data(),
                                        m_cos.data(), m_sin.data());
    }

private:
    // The step for a margin −f − (error bounds) > 0 left to f(m) at this base, from the φ_i,
    // cos φ_i, sin φ_i of the last evaluation (see certifiedStep()).
    // With caps = false the terms 1 − cos φ_i are left out of G (still an upper bound: G takes
    // the smaller of the two), so every quantity of the step carries only relative rounding.
    double stepForMargin(double margin, bool caps = true) const {
        if (!(margin > 0.0)) {
            return 0.0;
        }
        double a = 0.0;
        double b = 0.0;
        for (Eigen::Index i = 0; i < m_pairs; ++i) {
            const double v = m_phi[i] * m_rate[i];
            a += std::abs(m_sin[i]) * v;
            b += 0.5 * v * v;
        }
        if (b == 0.0) {
            // Only the pair with c_0 = 0 (θ_0 = 1 for every base) is present: f never changes.
            return std::numeric_limits<double>::infinity();
        }
        // Positive root of B·s² + A·s = margin, in the cancellation-free form.
        double lo = 2.0 * margin / (a + std::sqrt(a * a + 4.0 * b * margin));
        if (!caps) {
            return std::max(lo, secondOrderStep(margin));
        }
        const auto g = [this](double s) {
            double sum = 0.0;
            for (Eigen::Index i = 0; i < m_pairs; ++i) {
                const double w = m_phi[i] * m_rate[i] * s;
                sum += std::min(1.0 - m_cos[i], std::abs(m_sin[i]) * w + 0.5 * w * w);
            }
            return sum;
        };
        double hi = 2.0 * lo;
        for (int k = 0; k < 60 && g(hi) < margin; ++k) {
            lo = hi;
            hi *= 2.0;
        }
        for (int k = 0; k < 5; ++k) {
            const double mid = 0.5 * (lo + hi);
            if (g(mid) < margin) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return std::max(lo, secondOrderStep(margin));
    }

    // Near a zero of f(m) the bound G above shrinks the steps only geometrically; Taylor's
    // theorem with the signed slope converges like Newton instead:
    //   ∂f/∂t = Σ_i sin φ_i · c_i φ_i,
    //   ∂²f/∂t² = −Σ_i (cos φ_i · (c_i φ_i)² + sin φ_i · c_i² φ_i),
    // and |∂²f/∂t²| ≤ K = Σ_i ((c_i φ_i)² + c_i² φ_i) for every t' ≥ t, as φ_i only shrinks.
    // So f(t+s) ≤ f(t) + f'·s + K·s²/2, and the step is the positive root of f'·s + K·s²/2 =
    // margin. The computed slope is raised by a bound on its own error first.
    double secondOrderStep(double margin) const {
        double slope = 0.0;
        double slopeError = 0.0;
        double k = 0.0;
        for (Eigen::Index i = 0; i < m_pairs; ++i) {
            const double v = m_phi[i] * m_rate[i];
            slope += m_sin[i] * v;
            slopeError += v * (m_phi[i] * m_thetaError + 8.0 * kEps);
            k += v * v + v * m_rate[i];
        }
        slope += 2.0 * slopeError;
        if (!(k > 0.0)) {
            return 0.0;
        }
        const double root = std::sqrt(slope * slope + 2.0 * k * margin);
        // Two forms of the same root, each free of cancellation for its sign of the slope.
        const double s = slope >= 0.0 ? 2.0 * margin / (slope + root) : (root - slope) / k;
        return s * (1.0 - 1e-9);
    }

    Eigen::Index m_pairs;
    Eigen::ArrayXd m_theta;
    Eigen::ArrayXd m_rate;
    Eigen::ArrayXd m_phi;
    Eigen::ArrayXd m_cos;
    Eigen::ArrayXd m_sin;
    double m_base = 0.0;
    double m_sumTheta = 0.0;
    double m_slope = 0.0;
    double m_thetaError = 0.0;
    bool m_fast = false;
    bool m_screen = false;
    bool m_expLadder = false;
    double m_arithError = 0.0;
};

// 4/π: for every b in (1, 4/π] each θ_i ≥ b^{−(d−2)/d} > π/4 and θ_i ≤ 1, so 2θ_i ∈ (π/2, 2] and
// f_b(2) = Σ cos 2θ_i < 0. Contexts with m = 2 in range start the sweep here.
inline constexpr double kSweepStart = 4.0 / std::numbers::pi;

// The cap a sweep runs under: the caller's, or sweepWorkLimit() when it asked for the default
// (times limits::kFastWorkFactor for the fast backend, whose work units cost less).
double resolvedWorkLimit(const MinimalBaseOptions& options, long long context, int dim);

// CPU seconds of `work` cosine-equivalents, for messages: ≈ 30 ns each with the reference
// evaluator, ≈ 12 ns with the fast one (b*(2^20, 128): 2.8e8 units, 8 s and 3.5 s of CPU on the
// 2-vCPU EPYC of docs/PERFORMANCE.md).
double workSeconds(double work, SweepBackend backend);

// One stretch of the sweep of minimalBase(), run by each thread of the chunked sweep: from
// options.startBase (every smaller base is proven infeasible by the chunks below) until the base
// reaches endBase, or a feasible base, or `stop`.
struct SegmentControl {
    double endBase = std::numeric_limits<double>::infinity();
    // Set when a chunk above the answer is no longer needed: a stop, not the caller's cancel.
    const WorkControl* stop = nullptr;
    // Work of the chunks already finished, counted against the work cap as well.
    const std::atomic<double>* finishedWork = nullptr;
    // Out: the sweep passed endBase, and every base in [startBase, certifiedEnd) is proven
    // infeasible (certifiedEnd < endBase only after a rounding gap).
    bool reachedEnd = false;
    double certifiedEnd = 0.0;
    bool stopped = false;
};

// The sweep of minimalBase() (docs/base-bound.md), from options.startBase on; `control` (or
// nullptr for the whole sweep) bounds it to one chunk.
MinimalBase sweepSegment(long long context, int dim, const MinimalBaseOptions& options,
                         SegmentControl* control);

// The sweep of minimalBase() before canonicalBracket(): one sweepSegment(), or the chunked
// sweep on two threads for long contexts with the fast backend.
MinimalBase sweptBase(long long context, int dim, const MinimalBaseOptions& options);

// The sweep's bracket [sweep.lowerBracket, sweep.base] replaced by the canonical one: the cell
// (s, s'] of S_q (q from the tolerance) that contains b*, where q is raised (each cell halved)
// until s' itself is certified feasible; then base = s', lowerBracket = s (b* > s, so every base
// up to s is infeasible). Unchanged, with canonical = false, where a question stays undecided.
MinimalBase canonicalBracket(long long context, int dim, const MinimalBaseOptions& options,
                             MinimalBase sweep);

} // namespace rope::base_bound_detail
