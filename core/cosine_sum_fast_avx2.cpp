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

void ladderAvx2(double logBase, const double* rate, long pairs, double* theta) {
    // θ_i = exp(−c_i·ln b): one rounded product per lane, then SLEEF's 1-ulp exp.
    const __m256d nl = _mm256_set1_pd(-logBase);
    long i = 0;
    for (; i + 4 <= pairs; i += 4) {
        _mm256_storeu_pd(theta + i,
                         Sleef_expd4_u10avx2(_mm256_mul_pd(nl, _mm256_loadu_pd(rate + i))));
    }
    for (; i < pairs; ++i) {
        theta[i] = Sleef_exp_u10(-logBase * rate[i]);
    }
}

} // namespace rope::detail

namespace rope::detail {

namespace {

// cos πr and sin πr for r ∈ [−1, 1] in float, eight lanes: with a = |r| and y = min(a, 1 − a)
// ∈ [0, 1/2], cos πr = ±cos πy (minus when a > 1/2, as cos(π − x) = −cos x) and
// sin πr = sign(r)·sin πy (sin(π − x) = sin x); then Taylor polynomials in x = πy ∈ [0, π/2]
// up to x¹⁰ and x⁹, whose remainders are ≤ (π/2)¹²/12! < 5·10⁻⁷ and (π/2)¹¹/11! < 4·10⁻⁶.
// Only for the screen (not a certified value), where a few 10⁻⁶ per term are plenty; the
// certified evaluations use SLEEF (fastCosineSumAvx2()).
inline void cosSinPi(__m256 r, __m256& c, __m256& s) {
    const __m256 signBit = _mm256_set1_ps(-0.0f);
    const __m256 a = _mm256_andnot_ps(signBit, r);
    const __m256 one = _mm256_set1_ps(1.0f);
    const __m256 far = _mm256_cmp_ps(a, _mm256_set1_ps(0.5f), _CMP_GT_OQ);
    const __m256 y = _mm256_min_ps(a, _mm256_sub_ps(one, a));
    const __m256 x = _mm256_mul_ps(y, _mm256_set1_ps(3.14159265358979f));
    const __m256 x2 = _mm256_mul_ps(x, x);
    // cos x = 1 − x²/2 + x⁴/24 − x⁶/720 + x⁸/40320 − x¹⁰/3628800
    __m256 pc = _mm256_set1_ps(-1.0f / 3628800.0f);
    pc = _mm256_fmadd_ps(pc, x2, _mm256_set1_ps(1.0f / 40320.0f));
    pc = _mm256_fmadd_ps(pc, x2, _mm256_set1_ps(-1.0f / 720.0f));
    pc = _mm256_fmadd_ps(pc, x2, _mm256_set1_ps(1.0f / 24.0f));
    pc = _mm256_fmadd_ps(pc, x2, _mm256_set1_ps(-0.5f));
    pc = _mm256_fmadd_ps(pc, x2, one);
    // sin x = x·(1 − x²/6 + x⁴/120 − x⁶/5040 + x⁸/362880)
    __m256 ps = _mm256_set1_ps(1.0f / 362880.0f);
    ps = _mm256_fmadd_ps(ps, x2, _mm256_set1_ps(-1.0f / 5040.0f));
    ps = _mm256_fmadd_ps(ps, x2, _mm256_set1_ps(1.0f / 120.0f));
    ps = _mm256_fmadd_ps(ps, x2, _mm256_set1_ps(-1.0f / 6.0f));
    ps = _mm256_fmadd_ps(ps, x2, one);
    ps = _mm256_mul_ps(ps, x);
    c = _mm256_xor_ps(pc, _mm256_and_ps(far, signBit));
    s = _mm256_xor_ps(ps, _mm256_and_ps(r, signBit));
}

} // namespace

double screenCosineSumAvx2(double m, const double* theta, const double* rate, long pairs,
                           double& trend) {
    // φ_i = m·θ_i in double, then x = φ/π reduced to r = x − 2·round(x/2) ∈ [−1, 1] (exact: an
    // fma), so cos φ = cos πr and sin φ = sin πr with r rounded to float (cosSinPi()). Only a
    // guess for ordering the pool walk (cosine_sum_fast.h gives the error); nothing is certified
    // from it.
    const __m256d mv = _mm256_set1_pd(m);
    const __m256d invPi = _mm256_set1_pd(0.31830988618379067154);
    const __m256d half = _mm256_set1_pd(0.5);
    const __m256d two = _mm256_set1_pd(2.0);
    __m256 accCos = _mm256_setzero_ps();
    __m256 accTrend = _mm256_setzero_ps();
    alignas(32) double t[8];
    alignas(32) double c[8];
    for (long i = 0; i < pairs; i += 8) {
        const long n = pairs - i < 8 ? pairs - i : 8;
        const double* th = theta + i;
        const double* ra = rate + i;
        if (n < 8) {
            // The last 1–7 pairs padded with θ = 0, c = 0: cos 0 = 1 is masked out below, and
            // sin 0 = 0 adds nothing to the trend.
            for (long k = 0; k < 8; ++k) {
                t[k] = k < n ? theta[i + k] : 0.0;
                c[k] = k < n ? rate[i + k] : 0.0;
            }
            th = t;
            ra = c;
        }
        const __m256d p0 = _mm256_mul_pd(mv, _mm256_loadu_pd(th));
        const __m256d p1 = _mm256_mul_pd(mv, _mm256_loadu_pd(th + 4));
        const __m256d x0 = _mm256_mul_pd(p0, invPi);
        const __m256d x1 = _mm256_mul_pd(p1, invPi);
        constexpr int kNearest = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;
        const __m256d k0 = _mm256_round_pd(_mm256_mul_pd(x0, half), kNearest);
        const __m256d k1 = _mm256_round_pd(_mm256_mul_pd(x1, half), kNearest);
        const __m256d r0 = _mm256_fnmadd_pd(two, k0, x0);
        const __m256d r1 = _mm256_fnmadd_pd(two, k1, x1);
        const __m256 r = _mm256_set_m128(_mm256_cvtpd_ps(r1), _mm256_cvtpd_ps(r0));
        // c_i·φ_i, the weight of sin φ_i in ∂f/∂ln b.
        const __m256 w =
            _mm256_set_m128(_mm256_cvtpd_ps(_mm256_mul_pd(p1, _mm256_loadu_pd(ra + 4))),
                            _mm256_cvtpd_ps(_mm256_mul_pd(p0, _mm256_loadu_pd(ra))));
        __m256 cosv;
        __m256 sinv;
        cosSinPi(r, cosv, sinv);
        if (n < 8) {
            alignas(32) static const int lanes[8] = {0, 1, 2, 3, 4, 5, 6, 7};
            const __m256i keep =
                _mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int>(n)),
                                   _mm256_load_si256(reinterpret_cast<const __m256i*>(lanes)));
            cosv = _mm256_and_ps(cosv, _mm256_castsi256_ps(keep));
        }
        accCos = _mm256_add_ps(accCos, cosv);
        accTrend = _mm256_fmadd_ps(sinv, w, accTrend);
    }
    alignas(32) float sc[8];
    alignas(32) float st[8];
    _mm256_store_ps(sc, accCos);
    _mm256_store_ps(st, accTrend);
    double f = 0.0;
    double g = 0.0;
    for (int k = 0; k < 8; ++k) {
        f += sc[k];
        g += st[k];
    }
    trend = g;
    return f;
}

} // namespace rope::detail
