// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Compiled with -mavx2 -mfma -ffp-contract=off (core/CMakeLists.txt) and called only on CPUs with
// both (cosine_sum_fast.cpp checks at run time).
#include <immintrin.h>
#include <sleef.h>

namespace rope::detail {

double fastCosineSumAvx2(double m, const double* theta, long pairs, double* phi, double* cosOut,
                         double* sinOut) {
    const __m256d mv = _mm256_set1_pd(m);
    // Lane k sums the cosines of pairs i ≡ k (mod 4) in order: ⌈P/4⌉ − 1 roundings, then two
    // for the horizontal sum (fastSumRoundings()).
    __m256d acc = _mm256_setzero_pd();
    long i = 0;
    for (; i + 4 <= pairs; i += 4) {
        const __m256d a = _mm256_mul_pd(mv, _mm256_loadu_pd(theta + i));
        const Sleef___m256d_2 cs = Sleef_sincosd4_u10avx2(a);
        _mm256_storeu_pd(phi + i, a);
        _mm256_storeu_pd(sinOut + i, cs.x);
        _mm256_storeu_pd(cosOut + i, cs.y);
        acc = _mm256_add_pd(acc, cs.y);
    }
    if (i < pairs) {
        // The last 1–3 pairs in a padded vector; the unused lanes add an exact 0.
        alignas(32) double t[4] = {0.0, 0.0, 0.0, 0.0};
        alignas(32) double a[4];
        alignas(32) double s[4];
        alignas(32) double c[4];
        const long rest = pairs - i;
        for (long k = 0; k < rest; ++k) {
            t[k] = theta[i + k];
        }
        const __m256d av = _mm256_mul_pd(mv, _mm256_load_pd(t));
        const Sleef___m256d_2 cs = Sleef_sincosd4_u10avx2(av);
        _mm256_store_pd(a, av);
        _mm256_store_pd(s, cs.x);
        _mm256_store_pd(c, cs.y);
        for (long k = rest; k < 4; ++k) {
            c[k] = 0.0;
        }
        for (long k = 0; k < rest; ++k) {
            phi[i + k] = a[k];
            sinOut[i + k] = s[k];
            cosOut[i + k] = c[k];
        }
        acc = _mm256_add_pd(acc, _mm256_load_pd(c));
    }
    const __m128d lo = _mm256_castpd256_pd128(acc);
    const __m128d hi = _mm256_extractf128_pd(acc, 1);
    const __m128d pair = _mm_add_pd(lo, hi);
    return _mm_cvtsd_f64(_mm_add_sd(pair, _mm_unpackhi_pd(pair, pair)));
}

} // namespace rope::detail
