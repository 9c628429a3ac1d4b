// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/base_bound.h"

#include "core/decay.h"
#include "core/frequencies.h"
#include "core/rope_params.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <numbers>
#include <string>

namespace rope {

namespace {

void validateInvFreq(const Eigen::Ref<const Eigen::ArrayXd>& invFreq) {
    if (invFreq.size() < 1 || invFreq.size() > limits::kMaxDim / 2) {
        throw InvalidParameter("inv_freq",
                               "inv_freq must hold 1 to " + std::to_string(limits::kMaxDim / 2) +
                                   " frequencies, got " + std::to_string(invFreq.size()));
    }
    if (!(invFreq.isFinite().all() && (invFreq >= 0.0).all())) {
        throw InvalidParameter("inv_freq", "inv_freq must be finite and >= 0");
    }
}

void validateContext(long long context) {
    if (context < 1 || context > limits::kMaxContext) {
        throw InvalidParameter("context", "context must be in [1, " +
                                              std::to_string(limits::kMaxContext) + "], got " +
                                              std::to_string(context));
    }
}

// cos and sin of the exact product m·θ: p + e = m·θ exactly (fma), then angle addition with
// first order in e while |e| < 2^-27. Same construction as in decay.cpp; see the comment there.
void exactAngleCosSin(double m, double theta, double& c, double& s) {
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
class BlockCosineSum {
public:
    BlockCosineSum(const Eigen::Ref<const Eigen::ArrayXd>& theta, long long span)
        : m_theta(theta), m_pairs(theta.size()) {
        // K ≈ √(span/2) balances the tables (K·P sincos) against the seeds (span/(2K)·P).
        m_half = 32;
        while (m_half < 2048 && 2 * static_cast<long long>(m_half) * m_half < span) {
            m_half *= 2;
        }
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
            a.noalias() = m_cos * cosSeeds;
            b.noalias() = m_sin * sinSeeds;
            out.resize(nb * width);
            for (Eigen::Index k = 0; k < nb; ++k) {
                double* centre = out.data() + k * width + (m_half - 1);
                for (Eigen::Index j = 0; j < m_half; ++j) {
                    centre[j] = a(j, k) - b(j, k);  // f(c + j)
                    centre[-j] = a(j, k) + b(j, k); // f(c − j); j = 0 agrees, sin 0 = 0
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

    static constexpr Eigen::Index kExactRows = 64;
    Eigen::ArrayXd m_theta;
    Eigen::Index m_pairs;
    Eigen::Index m_half;
    Eigen::MatrixXd m_cos;
    Eigen::MatrixXd m_sin;
    Eigen::ArrayXd m_coarseCos;
    Eigen::ArrayXd m_coarseSin;
    Eigen::Index m_built = 0;
};

// f on the windows w−J … w+J around given distances w, by the same angle addition with exact
// tables for j ≤ J: the cheap second test of a candidate base. Dips of f drift only a little
// when b changes a little, so a window around an old witness often catches the new dip.
class WindowCheck {
public:
    static constexpr Eigen::Index kHalf = 32;

    explicit WindowCheck(const Eigen::ArrayXd& theta)
        : m_theta(theta), m_cos(kHalf + 1, theta.size()), m_sin(kHalf + 1, theta.size()),
          m_seedCos(theta.size()), m_seedSin(theta.size()) {
        for (Eigen::Index j = 0; j <= kHalf; ++j) {
            for (Eigen::Index i = 0; i < theta.size(); ++i) {
                exactAngleCosSin(static_cast<double>(j), theta[i], m_cos(j, i), m_sin(j, i));
            }
        }
    }

    // The first m in [w−J, w+J] ∩ [0, limit) with f(m) < 0, or −1.
    long long negativeNear(long long w, long long limit) {
        for (Eigen::Index i = 0; i < m_theta.size(); ++i) {
            exactAngleCosSin(static_cast<double>(w), m_theta[i], m_seedCos[i], m_seedSin[i]);
        }
        const Eigen::VectorXd a = m_cos * m_seedCos;
        const Eigen::VectorXd b = m_sin * m_seedSin;
        for (Eigen::Index j = kHalf; j >= -kHalf; --j) {
            const long long m = w - j;
            const Eigen::Index k = j >= 0 ? j : -j;
            // f(w − j) = A_|j| + sign(j)·B_|j|.
            const double f = j >= 0 ? a[k] + b[k] : a[k] - b[k];
            if (m >= 0 && m < limit && f < 0.0) {
                return m;
            }
        }
        return -1;
    }

private:
    Eigen::ArrayXd m_theta;
    Eigen::MatrixXd m_cos;
    Eigen::MatrixXd m_sin;
    Eigen::VectorXd m_seedCos;
    Eigen::VectorXd m_seedSin;
};

struct Negative {
    // First m with f(m) < 0.
    long long first = -1;
    // The m with the smallest f among the values computed along with `first` (same batch): a
    // deeper dip, hence a witness that tends to stay negative for neighbouring bases.
    long long deepest = -1;
};

std::optional<Negative> scanFirstNegative(const Eigen::Ref<const Eigen::ArrayXd>& theta,
                                          long long limit) {
    std::optional<Negative> found;
    BlockCosineSum scan(theta, limit);
    scan.run(0, limit, [&found](long long m0, const double* f, long long n) {
        for (long long j = 0; j < n; ++j) {
            if (f[j] < 0.0) {
                Negative neg;
                neg.first = m0 + j;
                const long long arg = std::min_element(f + j, f + n) - f;
                neg.deepest = m0 + arg;
                found = neg;
                return false;
            }
        }
        return true;
    });
    return found;
}

// Σ_i cos(m·θ_i) at one distance, for witness checks.
double cosineSumAt(const Eigen::ArrayXd& theta, double m) {
    double sum = 0.0;
    for (Eigen::Index i = 0; i < theta.size(); ++i) {
        double c = 0.0;
        double s = 0.0;
        exactAngleCosSin(m, theta[i], c, s);
        sum += c;
    }
    return sum;
}

// Smallest positive θ_i, or 0 when every pair is still (then π/(2θ) and 2π/θ are +∞).
double smallestPositive(const Eigen::Ref<const Eigen::ArrayXd>& invFreq) {
    double best = 0.0;
    for (Eigen::Index i = 0; i < invFreq.size(); ++i) {
        if (invFreq[i] > 0.0 && (best == 0.0 || invFreq[i] < best)) {
            best = invFreq[i];
        }
    }
    return best;
}

} // namespace

Eigen::ArrayXd cosineSumRange(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, long long first,
                              long long count) {
    validateInvFreq(invFreq);
    if (count < 0 || count > limits::kMaxDecayPositions) {
        throw InvalidParameter("positions", "positions count must be in [0, " +
                                                std::to_string(limits::kMaxDecayPositions) +
                                                "], got " + std::to_string(count));
    }
    validatePosition(static_cast<double>(first), "positions");
    if (count > 0) {
        validatePosition(static_cast<double>(first + count - 1), "positions");
    }
    Eigen::ArrayXd out(count);
    BlockCosineSum scan(invFreq, count);
    scan.run(first, count, [&out, first](long long m0, const double* f, long long n) {
        std::copy(f, f + n, out.data() + (m0 - first));
        return true;
    });
    return out;
}

CosineSumEnvelope cosineSumEnvelope(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                    long long first, long long count, long long buckets) {
    validateInvFreq(invFreq);
    if (count < 1 || count > limits::kMaxContext) {
        throw InvalidParameter("positions", "positions count must be in [1, " +
                                                std::to_string(limits::kMaxContext) + "], got " +
                                                std::to_string(count));
    }
    validatePosition(static_cast<double>(first), "positions");
    validatePosition(static_cast<double>(first) + static_cast<double>(count - 1), "positions");
    if (static_cast<double>(count) * static_cast<double>(invFreq.size()) > limits::kMaxScanWork) {
        throw InvalidParameter("positions", "positions count " + std::to_string(count) + " × " +
                                                std::to_string(invFreq.size()) +
                                                " pairs exceeds the scan limit 2^34");
    }
    if (buckets < 1 || buckets > limits::kMaxDecayPositions) {
        throw InvalidParameter("buckets", "buckets must be in [1, " +
                                              std::to_string(limits::kMaxDecayPositions) +
                                              "], got " + std::to_string(buckets));
    }
    const long long b = std::min(buckets, count);
    CosineSumEnvelope out;
    out.firstDistance.resize(b);
    out.lastDistance.resize(b);
    out.minimum.setConstant(b, std::numeric_limits<double>::infinity());
    out.maximum.setConstant(b, -std::numeric_limits<double>::infinity());
    out.mean.setZero(b);
    // Bucket k starts at offset ⌊k·count/b⌋; count·b ≤ 2^26·2^20 fits in long long.
    const auto start = [count, b](long long k) { return (k * count) / b; };
    for (long long k = 0; k < b; ++k) {
        out.firstDistance[k] = static_cast<double>(first + start(k));
        out.lastDistance[k] = static_cast<double>(first + start(k + 1) - 1);
    }
    long long bucket = 0;
    long long bucketEnd = start(1);
    BlockCosineSum scan(invFreq, count);
    scan.run(first, count, [&](long long m0, const double* f, long long n) {
        for (long long j = 0; j < n; ++j) {
            const long long offset = m0 - first + j;
            while (offset >= bucketEnd) {
                ++bucket;
                bucketEnd = start(bucket + 1);
            }
            out.minimum[bucket] = std::min(out.minimum[bucket], f[j]);
            out.maximum[bucket] = std::max(out.maximum[bucket], f[j]);
            out.mean[bucket] += f[j];
        }
        return true;
    });
    for (long long k = 0; k < b; ++k) {
        out.mean[k] /= static_cast<double>(start(k + 1) - start(k));
    }
    return out;
}

std::optional<long long> firstNegativeDistance(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                               long long limit) {
    validateInvFreq(invFreq);
    validateContext(limit);
    const double work = static_cast<double>(limit) * static_cast<double>(invFreq.size());
    if (work > limits::kMaxScanWork) {
        throw InvalidParameter("context", "context " + std::to_string(limit) + " × " +
                                              std::to_string(invFreq.size()) +
                                              " pairs exceeds the scan limit 2^34");
    }
    const std::optional<Negative> found = scanFirstNegative(invFreq, limit);
    return found ? std::optional<long long>(found->first) : std::nullopt;
}

std::optional<long long> firstNegativeDistance(int dim, double base, long long limit) {
    return firstNegativeDistance(inverseFrequencies(dim, base), limit);
}

double quarterTurnContext(const Eigen::Ref<const Eigen::ArrayXd>& invFreq) {
    validateInvFreq(invFreq);
    return std::numbers::pi / (2.0 * smallestPositive(invFreq));
}

double quarterTurnContext(int dim, double base) {
    return quarterTurnContext(inverseFrequencies(dim, base));
}

double slowestPeriod(const Eigen::Ref<const Eigen::ArrayXd>& invFreq) {
    validateInvFreq(invFreq);
    return 2.0 * std::numbers::pi / smallestPositive(invFreq);
}

double slowestPeriod(int dim, double base) {
    return slowestPeriod(inverseFrequencies(dim, base));
}

MinimalBase minimalBase(long long context, int dim, const MinimalBaseOptions& options) {
    validateContext(context);
    validateDim(dim, "dim");
    if (static_cast<double>(context) * (dim / 2) > limits::kMaxBaseSearchWork) {
        throw InvalidParameter("context", "context " + std::to_string(context) + " at dim " +
                                              std::to_string(dim) +
                                              " exceeds the search limit context × dim/2 <= 2^28");
    }
    if (options.gridPointsPerDecade < 10 || options.gridPointsPerDecade > 100000) {
        throw InvalidParameter("grid", "grid points per decade must be in [10, 100000], got " +
                                           std::to_string(options.gridPointsPerDecade));
    }
    if (!(options.relativeTolerance >= 1e-15 && options.relativeTolerance <= 1e-2)) {
        throw InvalidParameter("tolerance", "tolerance must be in [1e-15, 1e-2], got " +
                                                std::to_string(options.relativeTolerance));
    }
    MinimalBase result;
    result.infeasibleBase = std::numeric_limits<double>::quiet_NaN();
    if (context <= 2) {
        // f(0) = d/2 > 0 and f(1) = Σ cos θ_i > 0 because every θ_i is in (0, 1]: any b > 1.
        result.found = true;
        result.base = 1.0;
        result.gridBase = 1.0;
        return result;
    }

    // Distances that were negative for earlier candidates. Neighbouring bases usually share
    // them, so most infeasible candidates cost a few cosine sums instead of a scan.
    std::deque<long long> witnesses;
    constexpr std::size_t kMaxWitnesses = 128;
    long long lastWitness = -1;
    const auto feasible = [&](double b) {
        ++result.candidates;
        const Eigen::ArrayXd theta = inverseFrequencies(dim, b);
        // Most recent witnesses first; a hit moves to the front (neighbouring bases share dips).
        for (auto it = witnesses.begin(); it != witnesses.end(); ++it) {
            if (cosineSumAt(theta, static_cast<double>(*it)) < 0.0) {
                lastWitness = *it;
                const long long hit = *it;
                witnesses.erase(it);
                witnesses.push_front(hit);
                return false;
            }
        }
        if (!witnesses.empty()) {
            WindowCheck windows(theta);
            for (auto it = witnesses.begin(); it != witnesses.end(); ++it) {
                const long long m = windows.negativeNear(*it, context);
                if (m >= 0) {
                    lastWitness = m;
                    witnesses.erase(it);
                    witnesses.push_front(m);
                    return false;
                }
            }
        }
        ++result.scans;
        const std::optional<Negative> negative = scanFirstNegative(theta, context);
        if (negative) {
            lastWitness = negative->first;
            witnesses.push_front(negative->deepest);
            if (negative->first != negative->deepest) {
                witnesses.push_front(negative->first);
            }
            while (witnesses.size() > kMaxWitnesses) {
                witnesses.pop_back();
            }
            return false;
        }
        return true;
    };

    // 1. Upward logarithmic grid from 4/π (provably infeasible for L ≥ 3) to kMaxBase.
    const double logStart = std::log(4.0 / std::numbers::pi);
    const double logEnd = std::log(limits::kMaxBase);
    const double step = std::log(10.0) / options.gridPointsPerDecade;
    const auto gridSize = static_cast<long long>(std::ceil((logEnd - logStart) / step));
    double lo = std::numeric_limits<double>::quiet_NaN();
    long long loWitness = -1;
    double hi = std::numeric_limits<double>::quiet_NaN();
    for (long long k = 0; k <= gridSize; ++k) {
        const double b =
            std::min(std::exp(logStart + static_cast<double>(k) * step), limits::kMaxBase);
        if (feasible(b)) {
            hi = b;
            break;
        }
        lo = b;
        loWitness = lastWitness;
    }
    if (std::isnan(hi)) {
        result.base = std::numeric_limits<double>::quiet_NaN();
        result.gridBase = std::numeric_limits<double>::quiet_NaN();
        result.infeasibleBase = lo;
        result.witness = loWitness;
        return result;
    }
    result.found = true;
    result.gridBase = hi;

    // 2. Geometric bisection keeping lo infeasible and hi feasible. The bracket ratio starts at
    // 10^(1/N) and halves in log each step, so ≤ 60 steps reach any tolerance ≥ 1e-15.
    if (!std::isnan(lo)) {
        for (int iter = 0; iter < 200 && hi / lo - 1.0 > options.relativeTolerance; ++iter) {
            const double mid = std::sqrt(lo * hi);
            if (!(mid > lo && mid < hi)) {
                break; // adjacent doubles
            }
            if (feasible(mid)) {
                hi = mid;
            } else {
                lo = mid;
                loWitness = lastWitness;
            }
        }
    }
    result.base = hi;
    result.infeasibleBase = lo;
    result.witness = loWitness;
    return result;
}

} // namespace rope
