// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/base_bound.h"

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

// The AVX2 block sums follow the SIMD switch of the kernels (ROPE_ENABLE_SIMD=OFF builds, which
// CI runs, take the Eigen path everywhere).
#if defined(ROPE_KERNEL_X86) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define ROPE_BASE_BOUND_X86 1
#endif

namespace rope {

namespace {

// The threads of MinimalBaseOptions::threads = 0: every core, at most the option's own 64.
int everyCore() {
    return std::min(resolveThreads(0), 64);
}

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

#if ROPE_BASE_BOUND_X86
bool hasAvx2Fma() {
    static const bool yes = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    return yes;
}

// The two products of BlockCosineSum::run() fused, for CPUs with AVX2 and FMA (checked at run
// time; the function carries its own target, so the rest of the file stays baseline x86-64).
// For each block k and row j < K: A = Σ_i Tc(j,i)·Sc(i,k), B = Σ_i Ts(j,i)·Ss(i,k), written as
// f(c + j) = A − B and f(c − j) = A + B around the block centre c = K − 1 + k·width. Tc and Ts
// come packed in panels of 8 rows (element (j, i) at (j − j mod 8)·P + 8·i + j mod 8; K a
// multiple of 8): column-major tables would put consecutive i of one row 8·K bytes apart, all
// in the same L1 set. The seeds are P × nb column-major. Fused
// multiply-adds round once per term instead of twice, so the error bound of the Eigen path
// (≤ ~8·(d/2)·ε) still holds.
// f(c + j … c + j + 3) = A − B forward, f(c − j − 3 … c − j) = A + B with the lanes reversed.
__attribute__((target("avx2,fma"))) inline void storeBlockSums(double* centre, Eigen::Index j,
                                                               const __m256d& a, const __m256d& b) {
    _mm256_storeu_pd(centre + j, _mm256_sub_pd(a, b));
    _mm256_storeu_pd(centre - j - 3, _mm256_permute4x64_pd(_mm256_add_pd(a, b), 0x1B));
}

__attribute__((target("avx2,fma"))) void blockSumsAvx2(const double* tc, const double* ts,
                                                       Eigen::Index rows, Eigen::Index pairs,
                                                       const double* sc, const double* ss,
                                                       Eigen::Index blocks, double* out,
                                                       long long width) {
    // Rows outermost: the 8 × P slices of Tc and Ts stay in L1 while every block of the batch
    // uses them (the whole tables, 2·K·P doubles, are ~1 MB at K = 1024 and would otherwise be
    // streamed from memory once per group of blocks).
    const Eigen::Index fullGroups = blocks / 3 * 3;
    for (Eigen::Index j = 0; j < rows; j += 8) {
        for (Eigen::Index k = 0; k < fullGroups; k += 3) {
            const double* c0 = sc + k * pairs;
            const double* s0 = ss + k * pairs;
            __m256d a[2][3] = {};
            __m256d b[2][3] = {};
            const double* pc = tc + j * pairs;
            const double* ps = ts + j * pairs;
            for (Eigen::Index i = 0; i < pairs; ++i) {
                const __m256d t0 = _mm256_loadu_pd(pc + 8 * i);
                const __m256d t1 = _mm256_loadu_pd(pc + 8 * i + 4);
                const __m256d u0 = _mm256_loadu_pd(ps + 8 * i);
                const __m256d u1 = _mm256_loadu_pd(ps + 8 * i + 4);
#pragma GCC unroll 3
                for (int c = 0; c < 3; ++c) {
                    const __m256d sv = _mm256_broadcast_sd(c0 + c * pairs + i);
                    const __m256d nv = _mm256_broadcast_sd(s0 + c * pairs + i);
                    a[0][c] = _mm256_fmadd_pd(t0, sv, a[0][c]);
                    a[1][c] = _mm256_fmadd_pd(t1, sv, a[1][c]);
                    b[0][c] = _mm256_fmadd_pd(u0, nv, b[0][c]);
                    b[1][c] = _mm256_fmadd_pd(u1, nv, b[1][c]);
                }
            }
#pragma GCC unroll 3
            for (int c = 0; c < 3; ++c) {
                double* centre = out + (k + c) * width + (rows - 1);
                storeBlockSums(centre, j, a[0][c], b[0][c]);
                storeBlockSums(centre, j + 4, a[1][c], b[1][c]);
            }
        }
        for (Eigen::Index k = fullGroups; k < blocks; ++k) {
            const double* c0 = sc + k * pairs;
            const double* s0 = ss + k * pairs;
            for (Eigen::Index jj = j; jj < j + 8; jj += 4) {
                __m256d a = _mm256_setzero_pd();
                __m256d b = _mm256_setzero_pd();
                const double* pc = tc + j * pairs + (jj - j);
                const double* ps = ts + j * pairs + (jj - j);
                for (Eigen::Index i = 0; i < pairs; ++i) {
                    a = _mm256_fmadd_pd(_mm256_loadu_pd(pc + 8 * i), _mm256_broadcast_sd(c0 + i),
                                        a);
                    b = _mm256_fmadd_pd(_mm256_loadu_pd(ps + 8 * i), _mm256_broadcast_sd(s0 + i),
                                        b);
                }
                storeBlockSums(out + k * width + (rows - 1), jj, a, b);
            }
        }
    }
}
#endif

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
Eigen::Index blockHalfWidth(long long span) {
    Eigen::Index half = 32;
    while (half < 2048 && 2 * static_cast<long long>(half) * half < span) {
        half *= 2;
    }
    return half;
}

// Exact sincos per pair of one BlockCosineSum scan of `span` distances from 0: the exact table
// rows (min(K, 64)), one coarse row per 64 further rows, the seed of the first rows and one
// seed per block of width 2K − 1 after them.
double scanSincosPerPair(long long span) {
    const long long half = blockHalfWidth(span);
    const long long exactRows = std::min<long long>(half, 64);
    const long long coarseRows = (half - exactRows + 63) / 64;
    const long long blocks = span > half ? (span - half + 2 * half - 2) / (2 * half - 1) : 0;
    return static_cast<double>(exactRows + coarseRows + 1 + blocks);
}

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
#if ROPE_BASE_BOUND_X86
            if (hasAvx2Fma()) {
                if (m_packedCos.empty()) {
                    pack(m_cos, m_packedCos);
                    pack(m_sin, m_packedSin);
                }
                blockSumsAvx2(m_packedCos.data(), m_packedSin.data(), m_half, m_pairs,
                              cosSeeds.data(), sinSeeds.data(), nb, out.data(), width);
            } else
#endif
            {
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

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();

// Work limits in messages: two significant digits ("4e+08").
std::string shortNumber(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2g", v);
    return text;
}

// Bases in messages: ten significant digits, enough to restart a sweep near it.
std::string baseText(double b) {
    char text[32];
    std::snprintf(text, sizeof text, "%.10g", b);
    return text;
}

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

// 4/π: for every b in (1, 4/π] each θ_i ≥ b^{−(d−2)/d} > π/4 and θ_i ≤ 1, so 2θ_i ∈ (π/2, 2] and
// f_b(2) = Σ cos 2θ_i < 0. Contexts with m = 2 in range start the sweep here.
constexpr double kSweepStart = 4.0 / std::numbers::pi;

// b·e^s rounded, pulled down by 4ε so that it does not exceed the exact value: the certified
// interval [b, b·e^s] must contain the next base of the sweep.
double advance(double b, double s) {
    return b * std::exp(s) * (1.0 - 4.0 * kEps);
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

// The cap a sweep runs under: the caller's, or sweepWorkLimit() when it asked for the default
// (times limits::kFastWorkFactor for the fast backend, whose work units cost less).
double resolvedWorkLimit(const MinimalBaseOptions& options, long long context, int dim) {
    if (options.workLimit != MinimalBaseOptions::kAutomaticWorkLimit) {
        return options.workLimit;
    }
    return sweepWorkLimit(context, dim) *
           (options.backend != SweepBackend::Reference ? limits::kFastWorkFactor : 1.0);
}

// CPU seconds of `work` cosine-equivalents, for messages: ≈ 30 ns each with the reference
// evaluator, ≈ 12 ns with the fast one (b*(2^20, 128): 2.8e8 units, 8 s and 3.5 s of CPU on the
// 2-vCPU EPYC of docs/PERFORMANCE.md).
double workSeconds(double work, SweepBackend backend) {
    return work * (backend != SweepBackend::Reference ? 12e-9 : 30e-9);
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

namespace {

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

// The sweep's bracket [sweep.lowerBracket, sweep.base] replaced by the canonical one: the cell
// (s, s'] of S_q (q from the tolerance) that contains b*, where q is raised (each cell halved)
// until s' itself is certified feasible; then base = s', lowerBracket = s (b* > s, so every base
// up to s is infeasible). Unchanged, with canonical = false, where a question stays undecided.
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

// The sweep of minimalBase() before canonicalBracket(): one sweepSegment(), or chunkedSweep().
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

} // namespace

MinimalBase minimalBase(long long context, int dim, const MinimalBaseOptions& options) {
    return canonicalBracket(context, dim, options, sweptBase(context, dim, options));
}

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

MinimalBase allFeasibleAbove(long long context, int dim, const MinimalBaseOptions& options) {
    validateContext(context);
    validateDim(dim, "dim");
    const double pairDistances = static_cast<double>(context) * (dim / 2);
    if (pairDistances > 67108864.0) {
        throw InvalidParameter("context", "--all-above is certified for context × dim/2 <= "
                                          "2^26 only (L <= 2^20 at d = 128: its certificate "
                                          "scans every m at every step, work ~ (L·d/2)^1.6; see "
                                          "docs/base-bound.md), got context " +
                                              std::to_string(context) + " at dim " +
                                              std::to_string(dim));
    }
    // One work budget for both parts: the sweep up to b* and the downward sweep from the tail.
    const double workLimit = resolvedWorkLimit(options, context, dim);
    // The downward sweep needs about 1 400 full scans at L·d/2 = 2^18 (L = 4 096, d = 128), and
    // the number grows like (L·d/2)^0.6 (expectedThresholdScans()). Refuse at once,
    // with the estimate, what would run into the cap only after its whole budget (above the
    // old limit L·d/2 = 2^22; below it the sweeps run as before and stop at the cap).
    const long long countAll = options.includeContext ? context + 1 : context;
    const double expectedScans = expectedThresholdScans(context, dim);
    const double expectedWork = expectedScans * sweepWork(0, 1, countAll, dim);
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
    MinimalBaseOptions first = options;
    first.startBase = 0.0;
    first.workLimit = workLimit;
    const MinimalBase lowest = minimalBase(context, dim, first);
    if (lowest.cancelled || !lowest.found || lowest.base <= 1.0) {
        // No feasible base at all, or every base is feasible (b* = 1 = b_T).
        return lowest;
    }
    const long long count = options.includeContext ? context + 1 : context;
    const double delta = 0.9 * std::log1p(options.relativeTolerance);
    // 1. The tail certificate: double from b*, then bisect in ln b to 1 %.
    double hi = lowest.base;
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
                    baseText(lowest.base));
        }
    }
    double lo = std::max(lowest.base, hi / 2.0);
    while (hi / lo > 1.01) {
        const double mid = std::sqrt(lo * hi);
        (tailIsFeasible(dim, mid, count) ? hi : lo) = mid;
    }
    // 2. Downward sweep of full scans from the certified tail, with what the first part left.
    const double spent = sweepWork(lowest.evaluations, lowest.scans, count, dim);
    const double scanWork = sweepWork(0, 1, count, dim);
    MinimalBase result;
    double t = std::log(hi);
    SweepPoint point(dim);
    for (;;) {
        if (isCancelled(options.control)) {
            MinimalBase cancelled;
            cancelled.cancelled = true;
            cancelled.base = std::numeric_limits<double>::quiet_NaN();
            return cancelled;
        }
        if (workLimit > 0.0 &&
            spent + static_cast<double>(result.scans + 1) * scanWork > workLimit) {
            throw InvalidParameter(
                "context",
                "--all-above needs more than its work limit of " + shortNumber(workLimit) +
                    " cosine evaluations (about " +
                    shortNumber(workSeconds(workLimit, options.backend)) +
                    " s of CPU here; estimated beforehand: " + shortNumber(expectedScans) +
                    " full scans, about " +
                    shortNumber(workSeconds(expectedWork, options.backend)) + " s) at context " +
                    std::to_string(context) + ", dim " + std::to_string(dim) +
                    " (stopped at base " + baseText(std::exp(t)) + ")");
        }
        const double b = std::exp(t);
        point.setBase(b);
        ++result.scans;
        // Per distance: margin f̃ − 2E, and the tightest ratio margin/m.
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
        if (negative >= 0) {
            if (result.scans == 1) {
                throw std::logic_error("allFeasibleAbove: the tail certificate failed");
            }
            // Not reached after the first scan: every t below a certified step is scanned only
            // when the step was certified. Kept as a bracket all the same.
            result.lowerBracket = b;
            result.witness = negative;
            return result;
        }
        result.found = true;
        result.base = b;
        result.argminDistance = argmin;
        result.minValue = minValue;
        // The slope bound at t' = t − s is at most e^s times the one at t (each 2i/d < 1).
        double slope = 0.0;
        for (Eigen::Index i = 0; i < point.theta().size(); ++i) {
            slope += (2.0 * static_cast<double>(i)) / dim * point.theta()[i];
        }
        const double y = ratio > 0.0 ? ratio / slope : 0.0;
        double step = y / (1.0 + y) * (1.0 - 1e-9);
        if (step < delta) {
            // Within the tolerance of the threshold: the next scan is at b·e^{−δ}; if it is
            // infeasible, [b·e^{−δ}, b] is the bracket. Otherwise [b·e^{−step}, b] was
            // certified and the sweep goes on from below it.
            const double probe = t - delta;
            SweepPoint below(dim);
            below.setBase(std::exp(probe));
            ++result.scans;
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
            if (witness >= 0) {
                result.lowerBracket = std::exp(probe);
                result.witness = witness;
                return result;
            }
            if (step <= 0.0) {
                throw InvalidParameter("context",
                                       "--all-above: f is within rounding of 0 at base " +
                                           std::to_string(b) + " (m = " + std::to_string(argmin) +
                                           "); no certificate");
            }
        }
        t -= step;
    }
}

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
