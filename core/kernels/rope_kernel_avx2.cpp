// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// AVX2 + FMA kernel, 8 floats per register, compiled with -mavx2 -mfma -ffp-contract=off and
// only called after __builtin_cpu_supports("avx2") && ("fma"). Each output is one FMA over
// one rounded product: x_a' = fl(x_a·c − fl(x_b·s)), x_b' = fl(x_b·c + fl(x_a·s)), in the body
// and in the scalar tail alike. Includes only <immintrin.h> (see rope_kernel_isa.h).
#include "core/kernels/rope_kernel_isa.h"

#include <immintrin.h>

namespace rope::detail {

namespace {

// The head functions are forced inline into the row loop, so the loop's values stay in
// registers across heads and GCC emits one vzeroupper per call instead of one per head.

// The per-pair step with the vector body's rounding. __builtin_fmaf, not std::fma: <cmath>'s
// inline wrapper would be a COMDAT shared with non-AVX files.
inline void rotatePair(float* xa, float* xb, float c, float s) {
    const float a = *xa;
    const float b = *xb;
    *xa = __builtin_fmaf(a, c, -(b * s));
    *xb = __builtin_fmaf(b, c, a * s);
}

[[gnu::always_inline]] inline void rotateHalf(float* x, const float* c, const float* s,
                                              std::int64_t pairs) {
    float* lo = x;
    float* hi = x + pairs;
    std::int64_t i = 0;
    for (; i + 8 <= pairs; i += 8) {
        const __m256 a = _mm256_loadu_ps(lo + i);
        const __m256 b = _mm256_loadu_ps(hi + i);
        const __m256 vc = _mm256_loadu_ps(c + i);
        const __m256 vs = _mm256_loadu_ps(s + i);
        _mm256_storeu_ps(lo + i, _mm256_fmsub_ps(a, vc, _mm256_mul_ps(b, vs)));
        _mm256_storeu_ps(hi + i, _mm256_fmadd_ps(b, vc, _mm256_mul_ps(a, vs)));
    }
    for (; i < pairs; ++i) {
        rotatePair(lo + i, hi + i, c[i], s[i]);
    }
}

// Interleaved: 8 pairs = two registers of x per step. cos/sin are duplicated per pair
// ([c0 c0 c1 c1 …]) by unpack + cross-lane permute; fmaddsub(x, c, swap(x)·s) subtracts in
// even lanes and adds in odd ones: [a0c0 − b0s0, b0c0 + a0s0, …].
[[gnu::always_inline]] inline void rotateInterleaved(float* x, const float* c, const float* s,
                                                     std::int64_t pairs) {
    std::int64_t i = 0;
    for (; i + 8 <= pairs; i += 8) {
        const __m256 vc = _mm256_loadu_ps(c + i);
        const __m256 vs = _mm256_loadu_ps(s + i);
        const __m256 cLo = _mm256_unpacklo_ps(vc, vc); // c0 c0 c1 c1 | c4 c4 c5 c5
        const __m256 cHi = _mm256_unpackhi_ps(vc, vc); // c2 c2 c3 c3 | c6 c6 c7 c7
        const __m256 sLo = _mm256_unpacklo_ps(vs, vs);
        const __m256 sHi = _mm256_unpackhi_ps(vs, vs);
        const __m256 c03 = _mm256_permute2f128_ps(cLo, cHi, 0x20); // c0 c0 … c3 c3
        const __m256 c47 = _mm256_permute2f128_ps(cLo, cHi, 0x31); // c4 c4 … c7 c7
        const __m256 s03 = _mm256_permute2f128_ps(sLo, sHi, 0x20);
        const __m256 s47 = _mm256_permute2f128_ps(sLo, sHi, 0x31);
        float* p = x + 2 * i;
        const __m256 x03 = _mm256_loadu_ps(p);
        const __m256 x47 = _mm256_loadu_ps(p + 8);
        const __m256 w03 = _mm256_permute_ps(x03, 0xB1); // b0 a0 b1 a1 …
        const __m256 w47 = _mm256_permute_ps(x47, 0xB1);
        _mm256_storeu_ps(p, _mm256_fmaddsub_ps(x03, c03, _mm256_mul_ps(w03, s03)));
        _mm256_storeu_ps(p + 8, _mm256_fmaddsub_ps(x47, c47, _mm256_mul_ps(w47, s47)));
    }
    for (; i < pairs; ++i) {
        rotatePair(x + 2 * i, x + 2 * i + 1, c[i], s[i]);
    }
}

[[gnu::always_inline]] inline void rotateHead(float* x, const float* c, const float* s,
                                              std::int64_t pairs, bool half) {
    if (half) {
        rotateHalf(x, c, s, pairs);
    } else {
        rotateInterleaved(x, c, s, pairs);
    }
}

} // namespace

void rotateRowsAvx2(const KernelArgs& args, std::int64_t rowBegin, std::int64_t rowEnd) {
    // A local copy lets the compiler keep the fields in registers; read through the reference
    // they are reloaded after every head's stores (the stores might alias them), which
    // measured up to 4x slower at memory-bound sizes (docs/PERFORMANCE.md).
    const KernelArgs a = args;
    for (std::int64_t t = rowBegin; t < rowEnd; ++t) {
        // One position per row: every head of Q and K at row t shares the row's cos/sin.
        const float* c = a.cos + t * a.pairs;
        const float* s = a.sin + t * a.pairs;
        for (std::int64_t h = 0; h < a.headsQ; ++h) {
            rotateHead(a.q + (t * a.headsQ + h) * a.headDim, c, s, a.pairs, a.halfLayout);
        }
        for (std::int64_t h = 0; h < a.headsKv; ++h) {
            rotateHead(a.k + (t * a.headsKv + h) * a.headDim, c, s, a.pairs, a.halfLayout);
        }
    }
    // Clear the upper YMM halves before returning to code that may use legacy SSE encodings.
    _mm256_zeroupper();
}

} // namespace rope::detail
