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

// The AVX2 block sums follow the SIMD switch of the kernels (ROPE_ENABLE_SIMD=OFF builds, which
// CI runs, take the Eigen path everywhere).
#if defined(ROPE_KERNEL_X86) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define ROPE_BASE_BOUND_X86 1
#endif

namespace rope {

using namespace base_bound_detail;

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

namespace base_bound_detail {

int everyCore() {
    return std::min(resolveThreads(0), 64);
}

void validateContext(long long context) {
    if (context < 1 || context > limits::kMaxContext) {
        throw InvalidParameter("context", "context must be in [1, " +
                                              std::to_string(limits::kMaxContext) + "], got " +
                                              std::to_string(context));
    }
}

Eigen::Index blockHalfWidth(long long span) {
    Eigen::Index half = 32;
    while (half < 2048 && 2 * static_cast<long long>(half) * half < span) {
        half *= 2;
    }
    return half;
}

double scanSincosPerPair(long long span) {
    const long long half = blockHalfWidth(span);
    const long long exactRows = std::min<long long>(half, 64);
    const long long coarseRows = (half - exactRows + 63) / 64;
    const long long blocks = span > half ? (span - half + 2 * half - 2) / (2 * half - 1) : 0;
    return static_cast<double>(exactRows + coarseRows + 1 + blocks);
}

bool BlockCosineSum::fusedBlockSums([[maybe_unused]] const Eigen::MatrixXd& cosSeeds,
                                    [[maybe_unused]] const Eigen::MatrixXd& sinSeeds,
                                    [[maybe_unused]] Eigen::Index nb, [[maybe_unused]] double* out,
                                    [[maybe_unused]] long long width) {
#if ROPE_BASE_BOUND_X86
    if (hasAvx2Fma()) {
        if (m_packedCos.empty()) {
            pack(m_cos, m_packedCos);
            pack(m_sin, m_packedSin);
        }
        blockSumsAvx2(m_packedCos.data(), m_packedSin.data(), m_half, m_pairs, cosSeeds.data(),
                      sinSeeds.data(), nb, out, width);
        return true;
    }
#endif
    return false;
}

} // namespace base_bound_detail

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

} // namespace rope
