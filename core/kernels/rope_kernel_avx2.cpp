// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// AVX2 + FMA per-pair steps, 8 floats per register, compiled with -mavx2 -mfma
// -ffp-contract=off and only called after __builtin_cpu_supports("avx2") && ("fma"); the
// loops are rope_kernel_driver.h. Each output is one FMA over one rounded product:
// x_a' = fl(x_a·c − fl(x_b·s)), x_b' = fl(x_b·c + fl(x_a·s)), in the vector steps and in the
// scalar tail alike. Includes only the driver and <immintrin.h> (see rope_kernel_isa.h).
#include "core/kernels/rope_kernel_driver.h"

#include <immintrin.h>

namespace rope::detail {

namespace {

// The steps are forced inline into the driver's row loop, so the loop's values stay in
// registers across heads and GCC emits one vzeroupper per call (finish()) instead of one per
// head.
struct Avx2Step {
    static constexpr std::int64_t kHalfPairs = 8;
    static constexpr std::int64_t kHalfWidePairs = 0;
    static constexpr std::int64_t kInterleavedPairs = 8;
    static constexpr int kAngleLanes = 4;

    // The vector steps' rounding. __builtin_fmaf, not std::fma: <cmath>'s inline wrapper
    // would be a COMDAT shared with non-AVX files.
    [[gnu::always_inline]] static void pair(float* xa, float* xb, float c, float s) {
        const float a = *xa;
        const float b = *xb;
        *xa = __builtin_fmaf(a, c, -(b * s));
        *xb = __builtin_fmaf(b, c, a * s);
    }

    [[gnu::always_inline]] static void half(float* lo, float* hi, const float* c, const float* s) {
        const __m256 a = _mm256_loadu_ps(lo);
        const __m256 b = _mm256_loadu_ps(hi);
        const __m256 vc = _mm256_loadu_ps(c);
        const __m256 vs = _mm256_loadu_ps(s);
        _mm256_storeu_ps(lo, _mm256_fmsub_ps(a, vc, _mm256_mul_ps(b, vs)));
        _mm256_storeu_ps(hi, _mm256_fmadd_ps(b, vc, _mm256_mul_ps(a, vs)));
    }

    // Interleaved, 8 pairs = two registers of x. cos/sin are duplicated per pair
    // ([c0 c0 c1 c1 …]) by unpack + cross-lane permute; fmaddsub(x, c, swap(x)·s) subtracts
    // in even lanes and adds in odd ones: [a0c0 − b0s0, b0c0 + a0s0, …].
    [[gnu::always_inline]] static void interleaved(float* x, const float* c, const float* s) {
        const __m256 vc = _mm256_loadu_ps(c);
        const __m256 vs = _mm256_loadu_ps(s);
        const __m256 cLo = _mm256_unpacklo_ps(vc, vc); // c0 c0 c1 c1 | c4 c4 c5 c5
        const __m256 cHi = _mm256_unpackhi_ps(vc, vc); // c2 c2 c3 c3 | c6 c6 c7 c7
        const __m256 sLo = _mm256_unpacklo_ps(vs, vs);
        const __m256 sHi = _mm256_unpackhi_ps(vs, vs);
        const __m256 c03 = _mm256_permute2f128_ps(cLo, cHi, 0x20); // c0 c0 … c3 c3
        const __m256 c47 = _mm256_permute2f128_ps(cLo, cHi, 0x31); // c4 c4 … c7 c7
        const __m256 s03 = _mm256_permute2f128_ps(sLo, sHi, 0x20);
        const __m256 s47 = _mm256_permute2f128_ps(sLo, sHi, 0x31);
        const __m256 x03 = _mm256_loadu_ps(x);
        const __m256 x47 = _mm256_loadu_ps(x + 8);
        const __m256 w03 = _mm256_permute_ps(x03, 0xB1); // b0 a0 b1 a1 …
        const __m256 w47 = _mm256_permute_ps(x47, 0xB1);
        _mm256_storeu_ps(x, _mm256_fmaddsub_ps(x03, c03, _mm256_mul_ps(w03, s03)));
        _mm256_storeu_ps(x + 8, _mm256_fmaddsub_ps(x47, c47, _mm256_mul_ps(w47, s47)));
    }

    // Clear the upper YMM halves before returning to code that may use legacy SSE encodings.
    static void finish() { _mm256_zeroupper(); }
};

} // namespace

void rotateRowsAvx2(const KernelArgs& args, std::int64_t rowBegin, std::int64_t rowEnd) {
    rotateRowsTable<Avx2Step>(args, rowBegin, rowEnd);
}

void rotateRowsComputedAvx2(const KernelArgs& args, std::int64_t rowBegin, std::int64_t rowEnd) {
    rotateRowsComputed<Avx2Step>(args, rowBegin, rowEnd);
}

} // namespace rope::detail
