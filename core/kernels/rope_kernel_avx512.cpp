// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// AVX-512F per-pair steps, 16 floats per register, compiled with -mavx512f -mfma
// -ffp-contract=off and only called after __builtin_cpu_supports("avx512f"); the loops are
// rope_kernel_driver.h. Same rounding as the AVX2 path: one FMA over one rounded product per
// output, vector steps and scalar tail alike. Includes only the driver and <immintrin.h>
// (see rope_kernel_isa.h).
#include "core/kernels/rope_kernel_driver.h"

#include <immintrin.h>

namespace rope::detail {

namespace {

struct Avx512Step {
    // Half layout: 512-bit steps only when both halves are 64-byte aligned: a misaligned
    // 64-byte access always spans two cache lines, and with the two halves streaming side by
    // side that measured ~25 % slower from DRAM than 256-bit accesses, half of which stay
    // within one line (docs/PERFORMANCE.md). The 256-bit step takes the rest; its rounding is
    // the same FMA form.
    static constexpr std::int64_t kHalfPairs = 8;
    static constexpr std::int64_t kHalfWidePairs = 16;
    static constexpr std::uintptr_t kHalfWideAlign = 64;
    static constexpr std::int64_t kInterleavedPairs = 8;
    static constexpr int kAngleLanes = 8;

    // The vector steps' rounding (see rope_kernel_avx2.cpp).
    [[gnu::always_inline]] static void pair(float* xa, float* xb, float c, float s) {
        const float a = *xa;
        const float b = *xb;
        *xa = __builtin_fmaf(a, c, -(b * s));
        *xb = __builtin_fmaf(b, c, a * s);
    }

    [[gnu::always_inline]] static void halfWide(float* lo, float* hi, const float* c,
                                                const float* s) {
        const __m512 a = _mm512_loadu_ps(lo);
        const __m512 b = _mm512_loadu_ps(hi);
        const __m512 vc = _mm512_loadu_ps(c);
        const __m512 vs = _mm512_loadu_ps(s);
        _mm512_storeu_ps(lo, _mm512_fmsub_ps(a, vc, _mm512_mul_ps(b, vs)));
        _mm512_storeu_ps(hi, _mm512_fmadd_ps(b, vc, _mm512_mul_ps(a, vs)));
    }

    [[gnu::always_inline]] static void half(float* lo, float* hi, const float* c, const float* s) {
        const __m256 a = _mm256_loadu_ps(lo);
        const __m256 b = _mm256_loadu_ps(hi);
        const __m256 vc = _mm256_loadu_ps(c);
        const __m256 vs = _mm256_loadu_ps(s);
        _mm256_storeu_ps(lo, _mm256_fmsub_ps(a, vc, _mm256_mul_ps(b, vs)));
        _mm256_storeu_ps(hi, _mm256_fmadd_ps(b, vc, _mm256_mul_ps(a, vs)));
    }

    // Interleaved, 8 pairs = one register of x; vpermps duplicates 8 cos/sin into
    // [c0 c0 c1 c1 … c7 c7], then fmaddsub as in the AVX2 step.
    [[gnu::always_inline]] static void interleaved(float* x, const float* c, const float* s) {
        const __m512i dup = _mm512_set_epi32(7, 7, 6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0);
        const __m512 vc = _mm512_permutexvar_ps(dup, _mm512_castps256_ps512(_mm256_loadu_ps(c)));
        const __m512 vs = _mm512_permutexvar_ps(dup, _mm512_castps256_ps512(_mm256_loadu_ps(s)));
        const __m512 v = _mm512_loadu_ps(x);
        const __m512 w = _mm512_permute_ps(v, 0xB1); // b0 a0 b1 a1 …
        _mm512_storeu_ps(x, _mm512_fmaddsub_ps(v, vc, _mm512_mul_ps(w, vs)));
    }

    static void finish() { _mm256_zeroupper(); }
};

} // namespace

void rotateRowsAvx512(const KernelArgs& args, std::int64_t rowBegin, std::int64_t rowEnd) {
    rotateRowsTable<Avx512Step>(args, rowBegin, rowEnd);
}

void rotateRowsComputedAvx512(const KernelArgs& args, std::int64_t rowBegin, std::int64_t rowEnd) {
    rotateRowsComputed<Avx512Step>(args, rowBegin, rowEnd);
}

} // namespace rope::detail
