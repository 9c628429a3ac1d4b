// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cosine_sum_fast.h"

#include <mpfr.h>
#include <sleef.h>

#include <cmath>
#include <vector>

namespace rope::detail {

#if defined(ROPE_KERNEL_X86) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
// In cosine_sum_fast_avx2.cpp, compiled with -mavx2 -mfma (SLEEF declares its AVX2 functions
// only then); called only when the CPU has both.
double fastCosineSumAvx2(double m, const double* theta, long pairs, double* phi, double* cosOut,
                         double* sinOut);
double screenCosineSumAvx2(double m, const double* theta, const double* rate, long pairs,
                           double& trend);
void ladderAvx2(double logBase, const double* rate, long pairs, double* theta);

namespace {
bool useAvx2() {
    static const bool yes = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    return yes;
}
} // namespace
#else
namespace {
constexpr bool useAvx2() {
    return false;
}
} // namespace
#endif

double fastCosineSum(double m, const double* theta, long pairs, double* phi, double* cosOut,
                     double* sinOut) {
#if defined(ROPE_KERNEL_X86) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    if (useAvx2()) {
        return fastCosineSumAvx2(m, theta, pairs, phi, cosOut, sinOut);
    }
#endif
    double f = 0.0;
    for (long i = 0; i < pairs; ++i) {
        phi[i] = m * theta[i];
        const Sleef_double2 cs = Sleef_sincos_u10(phi[i]);
        sinOut[i] = cs.x;
        cosOut[i] = cs.y;
        f += cs.y;
    }
    return f;
}

void fastLadder(double base, const double* rate, long pairs, double* theta) {
    const double logBase = Sleef_log_u10(base);
#if defined(ROPE_KERNEL_X86) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    if (useAvx2()) {
        ladderAvx2(logBase, rate, pairs, theta);
        return;
    }
#endif
    for (long i = 0; i < pairs; ++i) {
        theta[i] = Sleef_exp_u10(-logBase * rate[i]);
    }
}

bool hasCosineScreen() {
    return useAvx2();
}

double screenCosineSum(double m, const double* theta, const double* rate, long pairs,
                       double& trend) {
#if defined(ROPE_KERNEL_X86) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    if (useAvx2()) {
        return screenCosineSumAvx2(m, theta, rate, pairs, trend);
    }
#endif
    // Without AVX2 a screen would cost as much as the evaluation itself: the sweep does not call
    // this then (hasCosineScreen()); kept correct all the same.
    double f = 0.0;
    trend = 0.0;
    for (long i = 0; i < pairs; ++i) {
        const double phi = m * theta[i];
        f += std::cos(phi);
        trend += std::sin(phi) * rate[i] * phi;
    }
    return f;
}

long fastSumRoundings(long pairs) {
    return useAvx2() ? (pairs + 3) / 4 + 1 : (pairs > 1 ? pairs - 1 : 0);
}

const char* fastCosineSumName() {
    return useAvx2() ? "sleef-avx2" : "sleef-scalar";
}

namespace {
// MPFR keeps per-thread caches (π, ln 2, …) that mpfr_sin_cos fills on first use and that live in
// thread-local storage: a worker thread that exits without freeing them leaks them (LeakSanitizer
// reports it under the sanitize build). One guard per thread that has used MPFR frees that thread's
// caches when the thread ends; the main thread's guard runs at exit.
struct MpfrThreadCacheGuard {
    ~MpfrThreadCacheGuard() { mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE); }
};
} // namespace

double preciseCosineSum(long long m, double base, long pairs, double& error, double* phi,
                        double* cosOut, double* sinOut) {
    thread_local MpfrThreadCacheGuard cacheGuard;
    (void)cacheGuard;
    constexpr mpfr_prec_t kBits = 256;
    mpfr_t logBase, rate, theta, angle, c, s, sum;
    mpfr_inits2(kBits, logBase, rate, theta, angle, c, s, sum, static_cast<mpfr_ptr>(nullptr));
    mpfr_set_d(logBase, base, MPFR_RNDN);
    mpfr_log(logBase, logBase, MPFR_RNDN);
    mpfr_set_zero(sum, 1);
    const long dim = 2 * pairs;
    for (long i = 0; i < pairs; ++i) {
        // θ_i = exp(−(2i/d)·ln b); 2i and d are exact integers.
        mpfr_set_si(rate, 2 * i, MPFR_RNDN);
        mpfr_div_si(rate, rate, dim, MPFR_RNDN);
        mpfr_mul(theta, rate, logBase, MPFR_RNDN);
        mpfr_neg(theta, theta, MPFR_RNDN);
        mpfr_exp(theta, theta, MPFR_RNDN);
        mpfr_mul_si(angle, theta, static_cast<long>(m), MPFR_RNDN);
        mpfr_sin_cos(s, c, angle, MPFR_RNDN);
        mpfr_add(sum, sum, c, MPFR_RNDN);
        phi[i] = mpfr_get_d(angle, MPFR_RNDN);
        cosOut[i] = mpfr_get_d(c, MPFR_RNDN);
        sinOut[i] = mpfr_get_d(s, MPFR_RNDN);
    }
    const double f = mpfr_get_d(sum, MPFR_RNDN);
    mpfr_clears(logBase, rate, theta, angle, c, s, sum, static_cast<mpfr_ptr>(nullptr));
    error = std::ldexp(static_cast<double>(pairs) * (static_cast<double>(m) + 1.0) *
                           (8.0 + std::abs(std::log(base))),
                       -200) +
            0.5 * std::abs(f) * 0x1p-52;
    return f;
}

} // namespace rope::detail
