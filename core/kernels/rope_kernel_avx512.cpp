// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// AVX-512F kernel, 16 floats per register, compiled with -mavx512f -ffp-contract=off and only
// called after __builtin_cpu_supports("avx512f"). Same rounding as the AVX2 path: one FMA
// over one rounded product per output, body and scalar tail alike. Includes only
// <immintrin.h> (see rope_kernel_isa.h).
#include "core/kernels/rope_kernel_isa.h"

#include <immintrin.h>

namespace rope::detail {

namespace {

// The head functions are forced inline into the row loop, so the loop's values stay in
// registers across heads and GCC emits one vzeroupper per call instead of one per head.

// The per-pair step with the vector body's rounding (see rope_kernel_avx2.cpp).
inline void rotatePair(float* xa, float* xb, float c, float s) {
    const float a = *xa;
    const float b = *xb;
    *xa = __builtin_fmaf(a, c, -(b * s));
    *xb = __builtin_fmaf(b, c, a * s);
}

// Half layout. Full 512-bit registers only when both halves are 64-byte aligned: a misaligned
// 64-byte access always spans two cache lines, and with the two halves streaming side by side
// that measured ~25 % slower from DRAM than 256-bit accesses, half of which stay within one
// line (docs/PERFORMANCE.md). The 256-bit loop also takes the aligned case's last 8…15 pairs;
// its rounding is the same FMA form.
[[gnu::always_inline]] inline void rotateHalf(float* x, const float* c, const float* s,
                                              std::int64_t pairs) {
    float* lo = x;
    float* hi = x + pairs;
    std::int64_t i = 0;
    const auto address = [](const float* p) { return reinterpret_cast<std::uintptr_t>(p); };
    if (((address(lo) | address(hi)) & 63) == 0) {
        for (; i + 16 <= pairs; i += 16) {
            const __m512 a = _mm512_loadu_ps(lo + i);
            const __m512 b = _mm512_loadu_ps(hi + i);
            const __m512 vc = _mm512_loadu_ps(c + i);
            const __m512 vs = _mm512_loadu_ps(s + i);
            _mm512_storeu_ps(lo + i, _mm512_fmsub_ps(a, vc, _mm512_mul_ps(b, vs)));
            _mm512_storeu_ps(hi + i, _mm512_fmadd_ps(b, vc, _mm512_mul_ps(a, vs)));
        }
    }
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

// Interleaved: 8 pairs = one register of x per step; vpermps duplicates 8 cos/sin into
// [c0 c0 c1 c1 … c7 c7], then fmaddsub as in the AVX2 path.
[[gnu::always_inline]] inline void rotateInterleaved(float* x, const float* c, const float* s,
                                                     std::int64_t pairs) {
    const __m512i dup = _mm512_set_epi32(7, 7, 6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0);
    std::int64_t i = 0;
    for (; i + 8 <= pairs; i += 8) {
        const __m512 vc =
            _mm512_permutexvar_ps(dup, _mm512_castps256_ps512(_mm256_loadu_ps(c + i)));
        const __m512 vs =
            _mm512_permutexvar_ps(dup, _mm512_castps256_ps512(_mm256_loadu_ps(s + i)));
        float* p = x + 2 * i;
        const __m512 v = _mm512_loadu_ps(p);
        const __m512 w = _mm512_permute_ps(v, 0xB1); // b0 a0 b1 a1 …
        _mm512_storeu_ps(p, _mm512_fmaddsub_ps(v, vc, _mm512_mul_ps(w, vs)));
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

void rotateRowsAvx512(const KernelArgs& args, std::int64_t rowBegin, std::int64_t rowEnd) {
    // Local copy: fields stay in registers instead of being reloaded after every head's stores
    // (see rope_kernel_reference.cpp).
    const KernelArgs a = args;
    for (std::int64_t t = rowBegin; t < rowEnd; ++t) {
        const float* c = a.cos + t * a.pairs;
        const float* s = a.sin + t * a.pairs;
        for (std::int64_t h = 0; h < a.headsQ; ++h) {
            rotateHead(a.q + (t * a.headsQ + h) * a.headDim, c, s, a.pairs, a.halfLayout);
        }
        for (std::int64_t h = 0; h < a.headsKv; ++h) {
            rotateHead(a.k + (t * a.headsKv + h) * a.headDim, c, s, a.pairs, a.halfLayout);
        }
    }
    _mm256_zeroupper();
}

} // namespace rope::detail
